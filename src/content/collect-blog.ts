import { localizedFile } from './collect-docs.ts';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { Author, PostSource } from '../model.ts';
import { joinRoute } from '../util/routes.ts';
import { readSource } from './read-source.ts';
import { keyLine, readMarkdownFile, type SplitFile } from './front-matter.ts';
import { impossibleDate, parseYaml } from './yaml.ts';
import { authorsFileSchema, postFrontMatterSchema, type PostFrontMatter } from './schemas.ts';
import { isContentPath, walkContent } from './walk.ts';
import { takeLeadingHeading } from './text.ts';
import { unsafeSlugDiagnostic } from '../routes/route-safety.ts';
import type { SiteFence } from './site-fence.ts';
import { contentFileRE, resolveMarkdownFormat, type MarkdownFormat } from '../mdx/mdx-format.ts';

/** Everything read from the blog folder. */
export interface BlogContent {
  /** Whether the blog folder exists: a site without one has no blog pages and no feeds (as in Docusaurus). */
  exists: boolean;
  posts: PostSource[];
  authors: Map<string, Author>;
  diagnostics: Diagnostic[];
}

/** `YYYY-MM-DD-name`, month and day of one or two digits (`2019-1-28-name`), as Docusaurus takes them. */
const datedNameRE = /^(\d{4})-(\d{1,2})-(\d{1,2})-(.+)$/;

/**
 * Reads `authors.yml` and every post under `blogDir`: `YYYY-MM-DD-slug.md` or
 * `YYYY-MM-DD-slug/index.md`. Posts are returned newest first.
 */
export async function collectBlog(options: {
  root: string; blogDir: string; routeBasePath: string; includeDrafts: boolean; markdownFormat?: MarkdownFormat; fence: SiteFence;
  /** A locale's translations of the posts (src/content/locales.ts), read in place of the originals. */
  localizedDir?: string;
}): Promise<BlogContent> {
  const { root, blogDir, routeBasePath, includeDrafts, markdownFormat, fence, localizedDir } = options;
  const absDir = path.join(root, blogDir);
  const diagnostics: Diagnostic[] = [];
  const authors = await loadAuthors({ abs: path.join(absDir, 'authors.yml'), file: `${blogDir}/authors.yml`, diagnostics, fence });
  const exists = await stat(absDir).then((s) => s.isDirectory(), () => false);
  const files = exists ? await walkContent(absDir) : [];
  const posts = await Promise.all(files.map((rel) => loadBlogFile({ root, blogDir, routeBasePath, rel, authors, diagnostics, markdownFormat, fence, localizedDir })));
  return { exists, posts: orderPosts({ posts: posts.filter((p) => p !== undefined), includeDrafts }), authors, diagnostics };
}

/** What a file of the blog folder is to the collector, by its path relative to that folder. */
export function blogFileKind(rel: string): 'post' | undefined {
  if (!isContentPath(rel)) return undefined;
  return contentFileRE.test(rel) ? 'post' : undefined;
}

/**
 * Reads one file of the blog folder (`rel` relative to it): the one dispatch of the full walk
 * and of dev's single-file reloads. Problems go to `diagnostics`.
 */
export async function loadBlogFile(options: {
  root: string; blogDir: string; routeBasePath: string; rel: string; authors: Map<string, Author>; diagnostics: Diagnostic[];
  /** `markdown.format` of the config. @default 'detect' */
  markdownFormat?: MarkdownFormat;
  /** What the build may read (symbolic links out of the site are refused). */
  fence: SiteFence;
  /** A locale's translations of the posts: a post translated there is read from there. */
  localizedDir?: string;
}): Promise<PostSource | undefined> {
  const { root, blogDir, routeBasePath, rel, authors, diagnostics, markdownFormat, fence } = options;
  if (blogFileKind(rel) !== 'post') return undefined;
  const { file, abs, aliases } = localizedFile({ root, dir: blogDir, localizedDir: options.localizedDir, rel });
  const post = await loadPost({ abs, file, rel, routeBasePath, authors, diagnostics, markdownFormat, fence });
  return post && aliases ? { ...post, aliases } : post;
}

/** Posts newest first, then by slug; drafts left out unless included. */
export function orderPosts(options: { posts: Iterable<PostSource>; includeDrafts: boolean }): PostSource[] {
  return [...options.posts].filter((p) => options.includeDrafts || !p.draft).sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
}

async function loadAuthors(options: { abs: string; file: string; diagnostics: Diagnostic[]; fence: SiteFence }): Promise<Map<string, Author>> {
  const { abs, file, diagnostics } = options;
  const authors = new Map<string, Author>();
  const read = await readSource(abs, file, options.fence);
  if ('diagnostic' in read) {
    // No authors.yml is fine: posts may use inline authors.
    if (read.diagnostic.ruleId !== 'content/unreadable' || !read.diagnostic.message.includes('ENOENT')) diagnostics.push(read.diagnostic);
    return authors;
  }
  const parsed = parseYaml(read.text);
  if (parsed.problems.length) {
    for (const { line, column, message, opener } of parsed.problems) {
      diagnostics.push({ file, ...(opener ? { line: opener.line, column: opener.column } : { line, column }), severity: 'error', ruleId: 'content/authors', message: `Cannot parse authors file: ${opener ? `${opener.what} is never closed (the YAML parser stopped at line ${line}: ${message})` : message}` });
    }
    return authors;
  }
  const result = authorsFileSchema.safeParse(parsed.value ?? {});
  if (!result.success) {
    for (const issue of result.error.issues) {
      diagnostics.push({ file, line: keyLine(parsed, String(issue.path[0])), column: 1, severity: 'error', ruleId: 'content/authors', message: `Expected a valid author \`${issue.path.join('.')}\`: ${issue.message}` });
    }
    return authors;
  }
  for (const [order, [key, a]] of Object.entries(result.data).entries()) {
    const page = a.page === true ? key : typeof a.page === 'object' ? a.page.permalink.replace(/^\//, '') : undefined;
    authors.set(key, { key, name: a.name, title: a.title, url: a.url, imageUrl: a.image_url ?? a.imageURL, order, ...(page ? { page } : {}) });
  }
  return authors;
}

/** Reads one post (`rel` is relative to the blog folder); problems go to `diagnostics`. */
async function loadPost(options: {
  abs: string; file: string; rel: string; routeBasePath: string; authors: Map<string, Author>; diagnostics: Diagnostic[]; markdownFormat?: MarkdownFormat; fence: SiteFence;
}): Promise<PostSource | undefined> {
  const { abs, file, rel, routeBasePath, authors, diagnostics, fence } = options;
  const read = await readMarkdownFile({ abs, file, schema: postFrontMatterSchema, diagnostics, fence });
  if (!read) return undefined;
  const { split, fm } = read;

  // `2021-03-08-season-2.md` or `2021-03-08-season-2/index.md`
  const name = rel.replace(/(\/index)?\.mdx?$/, '').split('/').pop()!;
  const dated = datedNameRE.exec(name);
  const date = resolveDate({ fm, dated, file, split, diagnostics });
  if (!date) return undefined;
  const slug = fm.slug ?? (dated ? dated[4] : name);
  // Docusaurus's permalinks: a front-matter `slug`, relative or absolute, is the path under the
  // blog's route; else the file name's date as folders and the rest of its name
  // (`2021-03-08-season-2.md` → `2021/03/08/season-2`), or a name without a date as it is. A
  // front-matter `date` dates the post, not its URL.
  const route = joinRoute(routeBasePath, fm.slug ?? (dated ? `${dated[1]}/${dated[2].padStart(2, '0')}/${dated[3].padStart(2, '0')}/${dated[4]}` : name));
  const unsafe = unsafeSlugDiagnostic({ route, slug, file, ...(fm.slug === undefined ? {} : { line: keyLine(split, 'slug') }) });
  if (unsafe) {
    diagnostics.push(unsafe);
    return undefined;
  }

  const { body, title, heading } = takeLeadingHeading(split.body, fm.title);
  const postAuthors = resolveAuthors({ fm, authors, file, split, diagnostics });
  return {
    file, date, slug: slug.replace(/^\//, ''), route,
    title: title ?? slug,
    heading,
    ...(resolveMarkdownFormat({ file, configured: options.markdownFormat ?? 'detect', frontMatter: fm.format }) === 'mdx' ? { format: 'mdx' as const } : {}),
    ...(fm.description === undefined ? {} : { description: fm.description }),
    authors: postAuthors,
    tags: (fm.tags ?? []).map((t) => (typeof t === 'string' ? t : t.label)),
    image: fm.image,
    imageLine: fm.image === undefined ? undefined : keyLine(split, 'image'),
    hideTableOfContents: fm.hide_table_of_contents ?? false,
    draft: fm.draft ?? false,
    body,
    lineOffset: split.lineOffset,
    slugLine: fm.slug === undefined ? undefined : keyLine(split, 'slug'),
  };
}

/** The post date as `YYYY-MM-DD` from front matter `date` or the file name; reports bad ones. */
function resolveDate(options: { fm: PostFrontMatter; dated: RegExpExecArray | null; file: string; split: SplitFile; diagnostics: Diagnostic[] }): string | undefined {
  const { fm, dated, file, split, diagnostics } = options;
  if (fm.date !== undefined) {
    const value = fm.date instanceof Date ? fm.date : new Date(fm.date);
    // A quoted `"2024-02-30"` is a string, which `Date` would roll over (an unquoted one is read rolled over and reported: `content/impossible-date`).
    if (!Number.isNaN(value.getTime()) && (typeof fm.date !== 'string' || !impossibleDate(fm.date))) return value.toISOString().slice(0, 10);
    diagnostics.push({ file, line: keyLine(split, 'date'), column: 1, severity: 'error', ruleId: 'content/post-date', message: `Expected \`date\` to be a date like \`2021-03-08\`, got \`${JSON.stringify(fm.date)}\``, hint: 'Write it as `date: YYYY-MM-DD`, or remove it to use the date in the file name.' });
    return undefined;
  }
  if (dated) {
    const iso = `${dated[1]}-${dated[2].padStart(2, '0')}-${dated[3].padStart(2, '0')}`;
    const value = new Date(`${iso}T00:00:00Z`);
    if (!Number.isNaN(value.getTime()) && value.toISOString().startsWith(iso)) return iso;
    diagnostics.push({ file, severity: 'error', ruleId: 'content/post-date', message: `Expected a real date in the file name, got \`${iso}\``, hint: 'Name posts `YYYY-MM-DD-slug.md` with a valid calendar date.' });
    return undefined;
  }
  diagnostics.push({ file, severity: 'error', ruleId: 'content/post-date', message: 'Cannot determine the post date', hint: 'Name the file `YYYY-MM-DD-slug.md` or add `date: YYYY-MM-DD` to the front matter.' });
  return undefined;
}

function resolveAuthors(options: { fm: PostFrontMatter; authors: Map<string, Author>; file: string; split: SplitFile; diagnostics: Diagnostic[] }): Author[] {
  const { fm, authors, file, split, diagnostics } = options;
  if (fm.authors === undefined) return [];
  const list = Array.isArray(fm.authors) ? fm.authors : [fm.authors];
  return list.flatMap((entry): Author[] => {
    if (typeof entry !== 'string') {
      return [{ name: entry.name, title: entry.title, url: entry.url, imageUrl: entry.image_url ?? entry.imageURL }];
    }
    const author = authors.get(entry);
    if (author) return [author];
    diagnostics.push({
      file, line: keyLine(split, 'authors'), column: 1, severity: 'error', ruleId: 'content/unknown-author',
      message: `Cannot find author \`${entry}\` in \`authors.yml\``,
      hint: `Known authors: ${[...authors.keys()].map((k) => `\`${k}\``).join(', ') || 'none'}.`,
    });
    return [];
  });
}
