/**
 * Fixture harness for the Markdown plugins (as VitePress's and remark's plugin tests): each
 * `fixtures/<plugin>/<case>.md` (or `.mdx`) runs through a minimal unified pipeline (the parser,
 * the plugin's prerequisites, the plugin, remark-rehype, rehype-stringify) and is compared with
 * the committed expected files beside it:
 *
 * - `<case>.html`: the HTML;
 * - `<case>.messages.txt`: the diagnostics, printed as the build prints them (only when there are some);
 * - `<case>.data.json`: what the plugin records on `file.data` (only for plugins that record something).
 *
 * `UPDATE_FIXTURES=1 npx vitest run test/markdown/plugins` writes them anew (review the diff: the
 * expected files are each plugin's spec). A case's YAML front matter is split off as the build
 * splits it (positions in messages count its lines); its `data` key is added to `file.data`
 * (`tocMaxLevel`…), and the rest is the plugin table's to read (fixtures.test.ts).
 */
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createProcessor, nodeTypes } from '@mdx-js/mdx';
import type { Element, ElementContent, Root as HastRoot, RootContent } from 'hast';
import rehypeStringify from 'rehype-stringify';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified, type Pluggable, type PluggableList } from 'unified';
import { VFile } from 'vfile';
import { splitFrontMatter } from '../../../src/content/front-matter.ts';
import { collectDiagnostics } from '../../../src/markdown/collect-diagnostics.ts';

/** How one plugin's cases are run. */
export interface PluginPipeline {
  /** Syntax extensions of the parser (remark-gfm, remark-directive, remark-math): they add no transform. */
  syntax?: Pluggable[];
  /** remark transforms, in order (the plugin and what it needs before or after it). */
  remark?: PluggableList;
  /** rehype transforms, in order. */
  rehype?: PluggableList;
  /** Rewrites the source before parsing, as the renderer does (`preprocessAdmonitionTitles`). */
  preprocess?: (source: string) => string;
  /** What of `file.data` the expected `.data.json` holds; leave out for plugins that record nothing. */
  data?: (file: VFile) => unknown;
  /** Per-page `file.data` (resolvers…), besides the case's own `data`. */
  fileData?: Record<string, unknown>;
}

/** What a case produced. */
export interface FixtureOutput {
  html: string;
  /** `file:line:col  severity  message  ruleId`, each hint on its own line after it. */
  messages: string;
  data?: string;
}

/** A case: its name (the file name without extension), path, format and source. */
export interface FixtureCase {
  name: string;
  file: string;
  format: 'md' | 'mdx';
  source: string;
}

/** The cases of a plugin's folder, sorted by name. */
export function readCases(dir: string): FixtureCase[] {
  return readdirSync(dir)
    .filter((name) => /\.mdx?$/.test(name))
    .sort()
    .map((name) => ({
      name: name.replace(/\.mdx?$/, ''),
      file: path.join(dir, name),
      format: name.endsWith('.mdx') ? 'mdx' : 'md',
      source: readFileSync(path.join(dir, name), 'utf8'),
    }));
}

/** The case's front matter, for the plugin table (options of the case). */
export function frontMatterOf(fixture: FixtureCase): Record<string, unknown> {
  const split = splitFrontMatter(fixture.source, fixture.name);
  if ('diagnostic' in split) throw new Error(`${fixture.file}: ${split.diagnostic.message}`);
  return split.data;
}

/** Runs one case through `pipeline`. */
export async function runFixture(fixture: FixtureCase, pipeline: PluginPipeline): Promise<FixtureOutput> {
  const split = splitFrontMatter(fixture.source, fixture.name);
  if ('diagnostic' in split) throw new Error(`${fixture.file}: ${split.diagnostic.message}`);
  const relative = `${path.basename(path.dirname(fixture.file))}/${path.basename(fixture.file)}`;
  const body = pipeline.preprocess ? pipeline.preprocess(split.body) : split.body;
  const file = new VFile({
    path: relative,
    value: body,
    data: { lineOffset: split.lineOffset, ...pipeline.fileData, ...(split.data.data as Record<string, unknown> | undefined) },
  });
  const syntax = pipeline.syntax ?? [];
  // One processor parses and transforms (remark-data parses values with `this.parse`); MDX is
  // parsed by MDX's own processor (remark-mdx), with the same syntax extensions.
  const processor = unified()
    .use(remarkParse)
    .use(syntax)
    .use(pipeline.remark ?? [])
    .use(remarkRehype, { allowDangerousHtml: true, passThrough: [...nodeTypes] })
    .use(pipeline.rehype ?? [])
    .use(fixture.format === 'mdx' ? [rehypeMdxAsHtml] : [])
    .use(rehypeStringify, { allowDangerousHtml: true });
  const tree = fixture.format === 'mdx'
    ? createProcessor({ format: 'mdx', remarkPlugins: syntax }).parse(file)
    : processor.parse(file);
  const html = processor.stringify((await processor.run(tree, file)) as HastRoot, file);
  const messages = collectDiagnostics({ file, path: relative, lineOffset: split.lineOffset })
    .map((d) => `${d.file}:${d.line ?? 0}:${d.column ?? 0}  ${d.severity}  ${d.message}  ${d.ruleId}${d.hint ? `\n  hint: ${d.hint}` : ''}`)
    .join('\n');
  const data = pipeline.data ? `${JSON.stringify(pipeline.data(file), null, 2)}\n` : undefined;
  return { html: `${html}\n`, messages: messages ? `${messages}\n` : '', data };
}

/** The expected files of a case: `undefined` where the file is absent. */
export function readExpected(fixture: FixtureCase): { html?: string; messages?: string; data?: string } {
  const read = (ext: string) => {
    const file = fixture.file.replace(/\.mdx?$/, ext);
    return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  };
  return { html: read('.html'), messages: read('.messages.txt'), data: read('.data.json') };
}

/** Writes the expected files of a case from its output (`UPDATE_FIXTURES=1`); removes those it no longer has. */
export function writeExpected(fixture: FixtureCase, output: FixtureOutput): void {
  const write = (ext: string, text: string | undefined) => {
    const file = fixture.file.replace(/\.mdx?$/, ext);
    if (text) writeFileSync(file, text);
    else rmSync(file, { force: true });
  };
  write('.html', output.html);
  write('.messages.txt', output.messages);
  write('.data.json', output.data);
}

/**
 * rehype plugin, for `.mdx` cases only: what the MDX parser adds is shown as HTML a reader can
 * check (in a page, MDX turns it into JavaScript instead). A JSX element is an element of its
 * name with its literal attributes (a fragment: its children), an `{expression}` or an
 * `import`/`export` block an HTML comment holding its source.
 */
function rehypeMdxAsHtml() {
  const convert = (nodes: RootContent[]): RootContent[] => nodes.flatMap((node): RootContent[] => {
    const mdx = node as unknown as { type: string; name?: string | null; value?: string; attributes?: { type: string; name?: string; value?: unknown }[]; children?: RootContent[] };
    if (mdx.type === 'mdxjsEsm') return [{ type: 'comment', value: ` esm: ${mdx.value} ` }];
    if (mdx.type === 'mdxFlowExpression' || mdx.type === 'mdxTextExpression') return [{ type: 'comment', value: ` {${mdx.value}} ` }];
    if (mdx.type === 'mdxJsxFlowElement' || mdx.type === 'mdxJsxTextElement') {
      const children = convert(mdx.children ?? []) as ElementContent[];
      if (!mdx.name) return children;
      const properties = Object.fromEntries((mdx.attributes ?? [])
        .filter((a) => a.type === 'mdxJsxAttribute' && (typeof a.value === 'string' || a.value === null))
        .map((a): [string, string] => [a.name!, (a.value as string | null) ?? '']));
      return [{ type: 'element', tagName: mdx.name, properties, children } satisfies Element];
    }
    if ('children' in node) (node as Element).children = convert(node.children) as ElementContent[];
    return [node];
  });
  return (tree: HastRoot) => {
    tree.children = convert(tree.children);
  };
}
