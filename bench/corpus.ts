/**
 * Deterministic synthetic corpus for benchmarks and scale tests: a complete site folder
 * (`package.json`, `site.config.ts`, `content/docs` with nested categories, `content/blog` with `authors.yml`,
 * `public/`) holding N docs and M posts of realistic Markdown. The same options always give the
 * same bytes (seeded PRNG, no clock, no `Math.random`), and every internal link and anchor in it
 * resolves, so the build's link check passes.
 *
 * @example
 * import { generateCorpus } from './corpus.ts';
 * const corpus = await generateCorpus({ dir: '/tmp/site-10k', docs: 9000, posts: 1000, seed: 1 });
 * // then: node bin/sitegen.js --root /tmp/site-10k build
 *
 * From the shell: `node --import tsx bench/corpus.ts <dir> [--docs N] [--posts M] [--seed S] [--mdx]`.
 *
 * With `mdx: true` the same pages are MDX (`markdown.format: 'mdx'`): each doc also imports a
 * site component (`src/components/Callout.jsx`) and uses it once, so an MDX build can be set
 * against the Markdown build of the same corpus (issue 30: an MDX page costs at most 2×).
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { authorKeys, planSite, type PlannedHeading, type PlannedPage } from './corpus/plan.ts';
import { renderPageMarkdown } from './corpus/pages.ts';
import { createProse } from './corpus/prose.ts';
import { createRandom } from './corpus/random.ts';

/** What to generate. */
export interface CorpusOptions {
  /** Site folder to write; its `content/` and `public/` are replaced, `site.config.ts` overwritten. */
  dir: string;
  /** Number of docs, including the docs home (`content/docs/index.md`). */
  docs: number;
  /** Number of blog posts. */
  posts: number;
  /** @default 1 */
  seed?: number | string;
  /** Every page is MDX, and docs import and use a site component. @default false */
  mdx?: boolean;
}

/** A generated page, for tests that edit one or follow its links. */
export interface CorpusPage {
  /** Relative to `dir`, with `/`: `content/docs/cache/01-setup.md`. */
  file: string;
  route: string;
  title: string;
  headings: PlannedHeading[];
}

/** What was written. */
export interface Corpus {
  dir: string;
  docs: CorpusPage[];
  posts: CorpusPage[];
  /** Routes of the generated category index pages. */
  categoryRoutes: string[];
  /** Files and bytes written. */
  files: number;
  bytes: number;
}

/** Repository root, for the config's `defineConfig` import. */
const repoRoot = path.resolve(import.meta.dirname, '..');

/** Writes the corpus and returns its page list. */
export async function generateCorpus(options: CorpusOptions): Promise<Corpus> {
  const dir = path.resolve(options.dir);
  const docCount = Math.max(1, Math.floor(options.docs));
  const postCount = Math.max(0, Math.floor(options.posts));
  const seed = options.seed ?? 1;
  const rng = createRandom(`sitegen-corpus/${seed}`);
  const plan = planSite({ rng: rng.fork('plan'), prose: createProse(rng.fork('plan-prose')), docs: docCount, posts: postCount });

  const files = new Map<string, string>();
  // site.config.ts is an ES module: outside a `"type": "module"` package it would load as CommonJS.
  files.set('package.json', `${JSON.stringify({ name: 'synthetic-docs', private: true, type: 'module' }, null, 2)}\n`);
  files.set('site.config.ts', siteConfig({ dir, docs: docCount, posts: postCount, seed, firstCategory: plan.folders.find((f) => f.indexRoute)?.indexRoute, mdx: options.mdx }));
  // The MDX variant adds only the component (the rest of every page is the same bytes).
  const doc = (text: string) => (options.mdx ? withComponent(text) : text);
  if (options.mdx) files.set('src/components/Callout.jsx', calloutComponent);
  plan.docs.forEach((page, i) => files.set(page.file, doc(renderPageMarkdown({ page, plan, rng: rng.fork(`doc-${i}`) }))));
  // Posts are MDX too (`markdown.format: 'mdx'`): only escaped, as they import nothing.
  const post = (text: string) => (options.mdx ? escapeBody(text) : text);
  plan.posts.forEach((page, i) => files.set(page.file, post(renderPageMarkdown({ page, plan, rng: rng.fork(`post-${i}`) }))));
  for (const folder of plan.folders) files.set(`content/docs/${folder.dir}/_category_.json`, `${JSON.stringify(folder.category, null, 2)}\n`);
  files.set('content/blog/authors.yml', authorsYaml());
  for (const key of authorKeys) files.set(`public/img/authors/${key}.svg`, avatar(key));
  files.set('public/img/favicon.svg', avatar('favicon'));

  await rm(path.join(dir, 'content'), { recursive: true, force: true });
  await rm(path.join(dir, 'public'), { recursive: true, force: true });
  await rm(path.join(dir, 'src'), { recursive: true, force: true });
  let bytes = 0;
  const made = new Map<string, Promise<unknown>>();
  const entries = [...files];
  // Bounded parallelism: fast on 10,000 files without exhausting file handles.
  for (let i = 0; i < entries.length; i += 64) {
    await Promise.all(entries.slice(i, i + 64).map(async ([file, text]) => {
      const abs = path.join(dir, file);
      const parent = path.dirname(abs);
      if (!made.has(parent)) made.set(parent, mkdir(parent, { recursive: true }));
      await made.get(parent);
      bytes += Buffer.byteLength(text);
      await writeFile(abs, text);
    }));
  }

  const summary = (page: PlannedPage): CorpusPage => ({ file: page.file, route: page.route, title: page.title, headings: page.headings });
  return {
    dir,
    docs: plan.docs.map(summary),
    posts: plan.posts.map(summary),
    categoryRoutes: plan.indexRoutes,
    files: files.size,
    bytes,
  };
}

/** A site component of the MDX corpus. */
const calloutComponent = `/** A boxed note, as sites write them in src/components. */
export default function Callout({ kind, children }) {
  return <aside className={\`callout callout-\${kind}\`}>{children}</aside>;
}
`;

/** A doc with an import of the corpus's component after its front matter, and one use of it after its first paragraph. */
function withComponent(text: string): string {
  const end = text.indexOf('\n---\n', 4) + 5;
  const body = text.slice(end);
  const paragraph = body.indexOf('\n\n', body.search(/\S/));
  const at = paragraph === -1 ? body.length : paragraph;
  const mdx = escapeForMdx(body);
  const cut = escapeForMdx(body.slice(0, at)).length;
  return `${text.slice(0, end)}\nimport Callout from '@site/src/components/Callout';\n${mdx.slice(0, cut)}\n\n<Callout kind="note">\n\nGenerated pages are MDX in this corpus.\n\n</Callout>${mdx.slice(cut)}`;
}

/** A page with its body (after the front matter) escaped for MDX. */
function escapeBody(text: string): string {
  const end = text.indexOf('\n---\n', 4) + 5;
  return text.slice(0, end) + escapeForMdx(text.slice(end));
}

/**
 * The Markdown with what MDX would read as expressions or JSX escaped (`{`, `}`, and `<` before
 * anything but a tag name), outside code: it renders the same text as the Markdown does.
 */
function escapeForMdx(body: string): string {
  let fence = false;
  return body.split('\n').map((line) => {
    if (/^ {0,3}(`{3,}|~{3,})/.test(line)) fence = !fence;
    if (fence || /^ {0,3}(`{3,}|~{3,})/.test(line)) return line;
    // Odd parts of a split on backticks are inline code.
    return line.split('`').map((part, i) => (i % 2 ? part : part.replace(/[{}]/g, '\\$&').replace(/<(?![A-Za-z/!])/g, '\\<'))).join('`');
  }).join('\n');
}

function siteConfig(options: { dir: string; docs: number; posts: number; seed: number | string; firstCategory?: string; mdx?: boolean }): string {
  let importPath = path.relative(options.dir, path.join(repoRoot, 'src/config/define-config.ts')).split(path.sep).join('/');
  if (!importPath.startsWith('.')) importPath = `./${importPath}`;
  const s = JSON.stringify;
  const navItems = [{ label: 'Docs', to: '/' }, ...(options.firstCategory ? [{ label: 'Guides', to: options.firstCategory }] : []), { label: 'Blog', to: '/blog' }];
  return `// Generated by bench/corpus.ts (${options.docs} docs, ${options.posts} posts, seed ${s(options.seed)}). Do not edit.
import { defineConfig } from ${s(importPath)};

export default defineConfig({
  title: 'Synthetic Docs',
  tagline: 'A generated site for benchmarks',
  url: 'https://bench.example',
  baseUrl: '/',
  favicon: '/img/favicon.svg',
  stylesheets: [
    {
      href: 'https://cdn.jsdelivr.net/npm/katex@0.16.47/dist/katex.min.css',
      integrity: 'sha384-nH0MfJ44wi1dd7w6jinlyBgljjS8EJAh2JBoRad8a3VDw2K69vfaaqm4WnR+gXtA',
      crossorigin: 'anonymous',
    },
  ],
  navbar: {
    title: 'Synthetic Docs',
    items: ${s(navItems)},
    iconLinks: [{ label: 'Source code on GitHub', href: 'https://github.com/example/synthetic', icon: 'github' }],
  },
  footer: {
    links: [
      { title: 'Docs', items: [{ label: 'Home', to: '/' }] },
      { title: 'More', items: [{ label: 'Blog', to: '/blog' }, { label: 'Example', href: 'https://example.com' }] },
    ],
    copyright: 'Generated content, no rights reserved.',
  },
  colorMode: { defaultMode: 'light', respectPrefersColorScheme: true },
  blog: {
    title: 'Blog',
    description: 'Generated posts.',
    postsPerPage: 10,
    feedOptions: { type: 'all', title: 'Synthetic Docs Blog', copyright: 'Generated' },
  },
  toc: { minHeadingLevel: 2, maxHeadingLevel: 3 },${options.mdx ? "\n  markdown: { format: 'mdx' }," : ''}
  onBrokenLinks: 'throw',
  onBrokenMarkdownLinks: 'warn',
});
`;
}

function authorsYaml(): string {
  const names: Record<string, string> = { mira: 'Mira Okafor', tobias: 'Tobias Lindqvist', priya: 'Priya Raman', dan: 'Daniel Reyes', hana: 'Hana Kobayashi', sam: 'Sam Whitford' };
  return authorKeys.map((key) => `${key}:\n  name: ${names[key]}\n  title: Staff writer\n  url: https://bench.example/team#${key}\n  image_url: /img/authors/${key}.svg\n`).join('');
}

function avatar(label: string): string {
  const hue = [...label].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 360, 7);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="16" fill="hsl(${hue} 60% 45%)"/></svg>\n`;
}

// Command line: node --import tsx bench/corpus.ts <dir> [--docs N] [--posts M] [--seed S]
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const args = process.argv.slice(2);
  const flag = (name: string, fallback: string) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : fallback;
  };
  const dir = args.find((a, i) => !a.startsWith('--') && (!args[i - 1]?.startsWith('--') || args[i - 1] === '--mdx'));
  if (!dir) {
    console.error('Usage: node --import tsx bench/corpus.ts <dir> [--docs 900] [--posts 100] [--seed 1]');
    process.exitCode = 1;
  } else {
    const corpus = await generateCorpus({ dir, docs: Number(flag('docs', '900')), posts: Number(flag('posts', '100')), seed: flag('seed', '1'), mdx: args.includes('--mdx') });
    console.log(`Wrote ${corpus.docs.length} docs and ${corpus.posts.length} posts (${corpus.files} files, ${(corpus.bytes / 1024 / 1024).toFixed(1)} MB) to ${corpus.dir}`);
  }
}
