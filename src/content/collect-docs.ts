import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { CategoryMeta, DocSource } from '../model.ts';
import { keyLine, readMarkdownFile } from './front-matter.ts';
import { categorySchema, docFrontMatterSchema } from './schemas.ts';
import { isContentPath, stripNumberPrefix, walkContent } from './walk.ts';
import { globToRegExp } from '../routes/page-routes.ts';
import { contentTitleInBody, takeLeadingHeading } from './text.ts';
import { jsonErrorLocation, jsonPathLocation } from '../util/json-location.ts';
import { parseYaml } from './yaml.ts';
import { contentFileRE, resolveMarkdownFormat, type MarkdownFormat } from '../mdx/mdx-format.ts';
import { joinRoute } from '../util/routes.ts';
import { unsafeSlugDiagnostic } from '../routes/route-safety.ts';
import { readSource } from './read-source.ts';
import type { SiteFence } from './site-fence.ts';

/** Everything read from the docs folder. */
export interface DocsContent {
  docs: DocSource[];
  categories: CategoryMeta[];
  diagnostics: Diagnostic[];
}

/**
 * Reads every doc and `_category_.json` under `docsDir` (relative to `root`). Files with problems
 * are reported and left out; the rest are returned so all problems surface in one run.
 */
export async function collectDocs(options: {
  root: string; docsDir: string; routeBasePath: string; includeDrafts: boolean; markdownFormat?: MarkdownFormat; fence: SiteFence; patterns?: DocsPatterns;
  /** A locale's translations of this folder's docs (src/content/locales.ts), read in place of the originals. */
  localizedDir?: string;
}): Promise<DocsContent> {
  const { root, docsDir, routeBasePath, includeDrafts, markdownFormat, fence, patterns, localizedDir } = options;
  const files = await walkContent(path.join(root, docsDir));
  const diagnostics: Diagnostic[] = [];
  const entries = await Promise.all(files.map((rel) => loadDocsFile({ root, docsDir, routeBasePath, rel, diagnostics, markdownFormat, fence, patterns, localizedDir })));
  return {
    ...orderDocs({
      docs: entries.flatMap((e) => (e?.kind === 'doc' ? [e.doc] : [])),
      categories: entries.flatMap((e) => (e?.kind === 'category' ? [e.category] : [])),
      includeDrafts,
    }),
    diagnostics,
  };
}

/** The docs' `include` and `exclude` globs (docs-schema.ts), relative to the docs folder. */
export interface DocsPatterns {
  include?: readonly string[];
  exclude?: readonly string[];
}

/** What a file of the docs folder is to the collector, by its path relative to that folder. */
export function docsFileKind(rel: string, patterns: DocsPatterns = {}): 'doc' | 'category' | undefined {
  if (!isContentPath(rel)) return undefined;
  if (/(^|\/)_category_\.(?:json|ya?ml)$/.test(rel)) return 'category';
  if (!contentFileRE.test(rel)) return undefined;
  if (patterns.include && !patterns.include.some((glob) => globToRegExp(glob).test(rel))) return undefined;
  if (patterns.exclude?.some((glob) => globToRegExp(glob).test(rel))) return undefined;
  return 'doc';
}

/** One file of the docs folder read. */
export type DocsEntry = { kind: 'doc'; doc: DocSource } | { kind: 'category'; category: CategoryMeta };

/**
 * Reads one file of the docs folder (`rel` relative to it) as what it is: the one dispatch of
 * the full walk and of dev's single-file reloads. Problems go to `diagnostics`; a file that is
 * not content, or could not be read, gives `undefined`.
 */
export async function loadDocsFile(options: {
  root: string; docsDir: string; routeBasePath: string; rel: string; diagnostics: Diagnostic[];
  /** `markdown.format` of the config. @default 'detect' */
  markdownFormat?: MarkdownFormat;
  /** What the build may read (symbolic links out of the site are refused). */
  fence: SiteFence;
  /** The docs' `include` and `exclude` globs. */
  patterns?: DocsPatterns;
  /** A locale's translations of the folder: a doc translated there is read from there. */
  localizedDir?: string;
}): Promise<DocsEntry | undefined> {
  const { root, docsDir, routeBasePath, rel, diagnostics, markdownFormat, fence } = options;
  const { file, abs, aliases } = localizedFile({ root, dir: docsDir, localizedDir: options.localizedDir, rel });
  switch (docsFileKind(rel, options.patterns)) {
    case 'category': {
      const category = await loadCategory({ abs, file, rel, diagnostics, fence });
      return category && { kind: 'category', category };
    }
    case 'doc': {
      const doc = await loadDoc({ abs, file, rel, routeBasePath, diagnostics, markdownFormat, fence });
      return doc && { kind: 'doc', doc: aliases ? { ...doc, aliases } : doc };
    }
    default:
      return undefined;
  }
}

/** Docs by file and categories by folder (the order of the output), drafts left out unless included. */
export function orderDocs(options: { docs: Iterable<DocSource>; categories: Iterable<CategoryMeta>; includeDrafts: boolean }): { docs: DocSource[]; categories: CategoryMeta[] } {
  return {
    docs: [...options.docs].filter((d) => options.includeDrafts || !d.draft).sort((a, b) => a.file.localeCompare(b.file)),
    categories: [...options.categories].sort((a, b) => a.dir.join('/').localeCompare(b.dir.join('/'))),
  };
}

/** Reads one doc (`rel` is relative to the docs folder); problems go to `diagnostics`. */
export async function loadDoc(options: { abs: string; file: string; rel: string; routeBasePath: string; diagnostics: Diagnostic[]; markdownFormat?: MarkdownFormat; fence: SiteFence }): Promise<DocSource | undefined> {
  const { abs, file, rel, routeBasePath, diagnostics, fence } = options;
  const read = await readMarkdownFile({ abs, file, schema: docFrontMatterSchema, diagnostics, fence });
  if (!read) return undefined;
  const { split, fm } = read;

  const parts = rel.replace(contentFileRE, '').split('/');
  const base = stripNumberPrefix(parts.pop()!);
  const dir = parts;
  const dirIds = dir.map((d) => stripNumberPrefix(d).name);
  const isIndex = /^(index|readme)$/i.test(base.name) || (dir.length > 0 && base.name === dirIds[dirIds.length - 1]);
  const ownId = fm.id ?? base.name;
  const id = [...dirIds, ownId].join('/');

  let route: string;
  if (fm.slug !== undefined) {
    route = fm.slug.startsWith('/')
      ? joinRoute(routeBasePath, fm.slug)
      : joinRoute(routeBasePath, ...dirIds, fm.slug);
  } else {
    route = joinRoute(routeBasePath, ...dirIds, ...(isIndex ? [] : [ownId]));
  }
  const unsafe = unsafeSlugDiagnostic({ route, slug: fm.slug ?? fm.id ?? base.name, file, line: keyLine(split, fm.slug === undefined ? 'id' : 'slug') });
  if (unsafe) {
    diagnostics.push(unsafe);
    return undefined;
  }

  const taken = takeLeadingHeading(split.body, fm.title);
  const { body, heading } = taken;
  // A `# Title` that is not the body's first content stays where it is and is the page's <h1>
  // (Docusaurus' content title); `hide_title` hides only a title the theme would add.
  const inBody = body === split.body ? contentTitleInBody(body) : undefined;
  const title = taken.title ?? inBody ?? ownId;
  const hideTitle = inBody !== undefined || (fm.hide_title === true && body === split.body);

  return {
    file, dir, id, route, title, heading,
    ...(hideTitle ? { hideTitle } : {}),
    ...(resolveMarkdownFormat({ file, configured: options.markdownFormat ?? 'detect', frontMatter: fm.format }) === 'mdx' ? { format: 'mdx' as const } : {}),
    sidebarLabel: fm.sidebar_label ?? title,
    sidebarPosition: fm.sidebar_position ?? base.position,
    ...(fm.description === undefined ? {} : { description: fm.description }),
    keywords: fm.keywords ?? [],
    hideTableOfContents: fm.hide_table_of_contents ?? false,
    tocMinLevel: fm.toc_min_heading_level,
    tocMaxLevel: fm.toc_max_heading_level,
    draft: fm.draft ?? false,
    body,
    lineOffset: split.lineOffset,
    slugLine: fm.slug === undefined ? undefined : keyLine(split, 'slug'),
    ...(fm.last_update ? { lastUpdateFrontMatter: {
      ...(fm.last_update.date ? { at: Date.parse(`${fm.last_update.date}T00:00:00Z`) } : {}),
      ...(fm.last_update.author ? { by: fm.last_update.author } : {}),
    } } : {}),
  };
}

/** Reads one `_category_.json` (or `.yml`, `.yaml`); problems go to `diagnostics`. */
export async function loadCategory(options: { abs: string; file: string; rel: string; diagnostics: Diagnostic[]; fence: SiteFence }): Promise<CategoryMeta | undefined> {
  const { abs, file, rel, diagnostics } = options;
  const dir = rel.split('/').slice(0, -1);
  const folder = stripNumberPrefix(dir[dir.length - 1] ?? '');
  let raw: unknown;
  const read = await readSource(abs, file, options.fence);
  if ('diagnostic' in read) return void diagnostics.push(read.diagnostic);
  const { text } = read;
  const name = path.posix.basename(file);
  if (name.endsWith('.json')) {
    try {
      raw = JSON.parse(text);
    } catch (cause) {
      diagnostics.push({ file, ...jsonErrorLocation(text, cause as Error), severity: 'error', ruleId: 'content/category', message: `Cannot parse \`${name}\`: ${(cause as Error).message}`, hint: 'The file must be valid JSON.' });
      return undefined;
    }
  } else {
    // `_category_.yml` / `.yaml`, as Docusaurus reads them: YAML as every other YAML file here.
    const parsed = parseYaml(text);
    const problem = parsed.problems[0];
    if (problem) {
      // An unclosed `[` is noticed where the file ends: the author must look where it opens.
      const at = problem.opener ?? problem;
      const message = problem.opener ? `Cannot parse \`${name}\`: ${problem.opener.what} is never closed` : `Cannot parse \`${name}\`: ${problem.message}`;
      diagnostics.push({ file, line: at.line, column: at.column, severity: 'error', ruleId: 'content/category', message, hint: 'The file must be valid YAML.' });
      return undefined;
    }
    raw = parsed.value ?? {};
  }
  const result = categorySchema.safeParse(raw);
  if (!result.success) {
    for (const issue of result.error.issues) {
      // At the key the problem is about (its last named part), else at the top.
      const at = jsonPathLocation(text, issue.path) ?? { line: 1, column: 1 };
      diagnostics.push({ file, ...at, severity: 'error', ruleId: 'content/category', message: `Expected a valid \`${issue.path.join('.') || 'category'}\`: ${issue.message}` });
    }
    return undefined;
  }
  const c = result.data;
  const label = c.label ?? humanize(folder.name);
  const slug = c.link?.type === 'generated-index' ? c.link.slug : undefined;
  const unsafe = slug === undefined ? undefined : unsafeSlugDiagnostic({ route: joinRoute(slug), slug, file, ...jsonPathLocation(text, ['link', 'slug']) });
  if (unsafe) {
    diagnostics.push(unsafe);
    return undefined;
  }
  const link = c.link?.type === 'generated-index'
    ? {
        type: 'generated-index' as const,
        slug: c.link.slug ?? `/category/${dir.map((d) => stripNumberPrefix(d).name).join('/')}`,
        title: c.link.title ?? label,
        description: c.link.description ?? c.description ?? '',
      }
    : c.link ?? undefined;
  return {
    dir, file, label,
    position: c.position ?? folder.position,
    collapsed: c.collapsed ?? true,
    collapsible: c.collapsible ?? true,
    description: c.description,
    link,
  };
}

/** `getting-started` → `Getting started` */
export function humanize(name: string): string {
  const words = name.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Where a content file is read from in a locale's build: its translation in `localizedDir` when
 * there is one, else the original; `aliases` is the other of the two paths (src/model.ts).
 */
export function localizedFile(options: { root: string; dir: string; localizedDir?: string; rel: string }): { file: string; abs: string; aliases?: string[] } {
  const { root, dir, localizedDir, rel } = options;
  const original = `${dir}/${rel}`;
  if (!localizedDir) return { file: original, abs: path.join(root, dir, rel) };
  const translation = `${localizedDir}/${rel}`;
  return existsSync(path.join(root, localizedDir, rel))
    ? { file: translation, abs: path.join(root, localizedDir, rel), aliases: [original] }
    : { file: original, abs: path.join(root, dir, rel), aliases: [translation] };
}
