/**
 * Plans the synthetic site before any Markdown is written: the docs folder tree (nested
 * categories, number prefixes, generated index pages), every page's file, route, title and
 * heading outline, and the blog's dated posts. Bodies are written afterwards from this plan, so
 * every internal link and `#anchor` points at a page and heading that really exist.
 */
import { slug } from 'github-slugger';
import path from 'node:path';
import { capitalize, type Prose } from './prose.ts';
import type { Random } from './random.ts';

/** A heading of a planned page; `id` is the GitHub-style slug the build will give it. */
export interface PlannedHeading {
  depth: 2 | 3 | 4;
  /** Markdown text, possibly with inline code. */
  text: string;
  id: string;
}

/** A planned doc or post. */
export interface PlannedPage {
  kind: 'doc' | 'post';
  /** Relative to the corpus folder: `content/docs/cache/01-setup.md`. */
  file: string;
  route: string;
  title: string;
  description: string;
  headings: PlannedHeading[];
  /** Front matter lines besides title and description (already YAML). */
  frontMatter: string[];
  folder?: PlannedFolder;
  /** Pages with math use KaTeX, which adds the CDN stylesheet; most pages have none. */
  math: boolean;
  /** Docs home or posts: how the body is shaped. */
  role: 'home' | 'doc' | 'post';
}

/** A docs folder with its `_category_.json`. */
export interface PlannedFolder {
  /** Folder path below content/docs, on disk (with number prefixes). */
  dir: string;
  route: string;
  label: string;
  depth: number;
  /** Files in it get `01-` prefixes. */
  numbered: boolean;
  /** Route of its generated index page, when it has one. */
  indexRoute?: string;
  category: Record<string, unknown>;
  taken: Set<string>;
  docs: PlannedPage[];
}

/** The whole planned site. */
export interface SitePlan {
  docs: PlannedPage[];
  posts: PlannedPage[];
  folders: PlannedFolder[];
  /** Routes of the generated category index pages. */
  indexRoutes: string[];
}

export const authorKeys = ['mira', 'tobias', 'priya', 'dan', 'hana', 'sam'] as const;
const tagPool = ['release', 'engine', 'league', 'tournament', 'community', 'changelog', 'maps', 'api'];
// Routes the build owns, or that would shadow the blog or output folders.
const reserved = ['blog', 'search', 'tags', 'assets', '_chunks', '404', 'index', 'readme', 'img', 'sitemap', 'robots', 'category'];

/** Plans `docs` docs and `posts` blog posts. */
export function planSite(options: { rng: Random; prose: Prose; docs: number; posts: number }): SitePlan {
  const { rng, prose } = options;
  const routes = new Set<string>(['/']);
  const rootTaken = new Set(reserved);
  const name = (taken: Set<string>) => {
    const base = slug(prose.title(1, rng.chance(0.6) ? 1 : 2)).replace(/^-+|-+$/g, '') || 'page';
    let candidate = base;
    for (let n = 2; taken.has(candidate); n++) candidate = `${base}-${n}`;
    taken.add(candidate);
    return candidate;
  };

  // Folders: about ten docs each, up to three levels deep, √F of them at the top.
  const folderCount = options.docs < 12 ? Math.min(1, options.docs - 1) : Math.round(options.docs / 10);
  const folders: PlannedFolder[] = [];
  const topCount = Math.max(Math.min(folderCount, 1), Math.round(Math.sqrt(folderCount)));
  for (let i = 0; i < folderCount; i++) {
    const parents = i < topCount ? [] : folders.filter((f) => f.depth < 3);
    const parent = parents.length ? rng.pick(parents) : undefined;
    const taken = parent?.taken ?? rootTaken;
    const id = name(taken);
    const siblings = folders.filter((f) => f.dir.startsWith(parent ? `${parent.dir}/` : '') && f.depth === (parent ? parent.depth + 1 : 1)).length;
    const diskName = parent?.numbered ? `${String(siblings + 1).padStart(2, '0')}-${id}` : id;
    const route = `${parent?.route ?? ''}/${id}`;
    routes.add(route);
    const label = capitalize(id.replace(/-\d+$/, '').replace(/-/g, ' '));
    const indexed = rng.chance(parent ? 0.5 : 0.7);
    const category: Record<string, unknown> = { label };
    if (rng.chance(0.8)) category.position = siblings + 1;
    if (rng.chance(0.3)) category.collapsed = false;
    if (indexed) category.link = { type: 'generated-index', slug: route, title: label, description: prose.sentence({ plain: true }) };
    folders.push({
      dir: parent ? `${parent.dir}/${diskName}` : diskName,
      route, label, depth: (parent?.depth ?? 0) + 1,
      numbered: rng.chance(0.3), indexRoute: indexed ? route : undefined, category,
      // A doc named like its folder would become the folder's index page: keep the name taken.
      taken: new Set([...reserved, id]),
      docs: [],
    });
  }

  const docs: PlannedPage[] = [];
  const home = page({ kind: 'doc', role: 'home', file: 'content/docs/index.md', route: '/', title: 'Home', rng, prose });
  docs.push(home);
  for (let i = 1; i < options.docs; i++) {
    // Every folder gets one doc first (an empty category would render nothing), then at random.
    const folder = i <= folders.length ? folders[i - 1] : rng.chance(0.03) || folders.length === 0 ? undefined : rng.pick(folders);
    const id = name(folder?.taken ?? rootTaken);
    const position = (folder?.docs.length ?? 0) + 1;
    const fileName = folder?.numbered ? `${String(position).padStart(2, '0')}-${id}` : id;
    let route = `${folder?.route ?? ''}/${id}`;
    const frontMatter: string[] = [];
    if (rng.chance(0.6)) frontMatter.push(`sidebar_position: ${position}`);
    if (rng.chance(0.02)) {
      // A custom absolute slug, unique across the whole site.
      let custom = `/${slug(prose.title(2, 3))}`;
      for (let n = 2; routes.has(custom); n++) custom = `/${slug(prose.title(2, 3))}-${n}`;
      route = custom;
      rootTaken.add(custom.slice(1));
      frontMatter.push(`slug: ${custom}`);
    }
    if (rng.chance(0.1)) frontMatter.push(`sidebar_label: ${JSON.stringify(prose.title(1, 3))}`);
    if (rng.chance(0.1)) frontMatter.push(`keywords: [${[prose.noun(), prose.noun()].map((k) => JSON.stringify(k)).join(', ')}]`);
    routes.add(route);
    const doc = page({
      kind: 'doc', role: 'doc', rng, prose, route, folder, frontMatter,
      file: `content/docs/${folder ? `${folder.dir}/` : ''}${fileName}.md`,
      title: prose.title(2, 6),
    });
    folder?.docs.push(doc);
    docs.push(doc);
  }

  // Posts: spread from 2015 to the end of 2024, oldest first; slugs unique site-wide.
  const posts: PlannedPage[] = [];
  const start = Date.UTC(2015, 0, 5);
  const span = Date.UTC(2024, 11, 20) - start;
  const postSlugs = new Set<string>();
  for (let i = 0; i < options.posts; i++) {
    const date = new Date(start + Math.floor((span * i) / Math.max(1, options.posts))).toISOString().slice(0, 10);
    let postSlug = slug(prose.title(2, 5));
    for (let n = 2; postSlugs.has(postSlug); n++) postSlug = `${slug(prose.title(2, 5))}-${n}`;
    postSlugs.add(postSlug);
    const base = `${date}-${postSlug}`;
    const authors = rng.chance(0.7) ? [rng.pick(authorKeys)] : [authorKeys[i % 6], authorKeys[(i + 1 + rng.int(0, 4)) % 6]];
    const frontMatter = [`authors: [${authors.join(', ')}]`];
    if (rng.chance(0.5)) frontMatter.push(`tags: [${[...new Set([rng.pick(tagPool), rng.pick(tagPool)])].join(', ')}]`);
    posts.push(page({
      kind: 'post', role: 'post', rng, prose, frontMatter,
      file: `content/blog/${rng.chance(0.05) ? `${base}/index` : base}.md`,
      route: `/blog/${date.replace(/-/g, '/')}/${postSlug}`,
      title: capitalize(prose.title(2, 7)),
    }));
  }
  return { docs, posts, folders, indexRoutes: folders.flatMap((f) => (f.indexRoute ? [f.indexRoute] : [])) };
}

function page(options: {
  kind: 'doc' | 'post'; role: PlannedPage['role']; file: string; route: string; title: string;
  rng: Random; prose: Prose; folder?: PlannedFolder; frontMatter?: string[];
}): PlannedPage {
  const { rng, prose } = options;
  return {
    kind: options.kind, role: options.role, file: options.file, route: options.route, title: options.title,
    description: prose.sentence({ plain: true }),
    headings: outline({ rng, prose, post: options.kind === 'post' }),
    frontMatter: options.frontMatter ?? [],
    folder: options.folder,
    math: rng.chance(0.15),
  };
}

/** h2 sections with h3 (and a few h4) below them; texts unique per page by slug. */
function outline(options: { rng: Random; prose: Prose; post: boolean }): PlannedHeading[] {
  const { rng, prose, post } = options;
  const ids = new Set<string>();
  const headings: PlannedHeading[] = [];
  const add = (depth: 2 | 3 | 4) => {
    for (;;) {
      const words = prose.title(2, depth === 2 ? 6 : 5);
      const text = rng.chance(0.1) ? `${words} \`${prose.identifier()}\`` : words;
      const id = slug(text.replace(/`/g, ''));
      if (ids.has(id)) continue;
      ids.add(id);
      headings.push({ depth, text, id });
      return;
    }
  };
  for (let h2 = post ? rng.int(1, 4) : rng.int(3, 8); h2 > 0; h2--) {
    add(2);
    for (let h3 = rng.chance(post ? 0.3 : 0.6) ? rng.int(1, 3) : 0; h3 > 0; h3--) {
      add(3);
      if (!post && rng.chance(0.15)) for (let h4 = rng.int(1, 2); h4 > 0; h4--) add(4);
    }
  }
  return headings;
}

/** A relative link from one content file to another: `./setup.md`, `../cache/02-keys.md`. */
export function relativeFile(from: string, to: string): string {
  const rel = path.posix.relative(path.posix.dirname(from), to);
  return rel.startsWith('.') ? rel : `./${rel}`;
}
