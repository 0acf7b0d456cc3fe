import type { Element, Root as HastRoot } from 'hast';
import type { Root as MdastRoot } from 'mdast';
import rehypeStringify from 'rehype-stringify';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified, type PluggableList } from 'unified';
import { VFile } from 'vfile';
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config/load-config.ts';
import { contentPreset, hasSitePlugins, sitePluginsKey, sitePluginsOf, type ContentPresetOptions } from '../../src/markdown/content-preset.ts';
import type { BlockHighlighter } from '../../src/markdown/plugins/rehype-code-blocks.ts';
import { originalPlugin } from '../../src/markdown/site-plugin-guard.ts';
import { remarkIslands } from '../../src/mdx/remark-islands.ts';
import { remarkMdxCompat } from '../../src/mdx/remark-mdx-compat.ts';

// The one content pipeline (#38 › 1) on its own: the real plugin list, run as the Markdown
// renderer runs it, with a stand-in highlighter (shiki's output is rehype-code-blocks' fixtures').

const highlighter: BlockHighlighter = {
  highlight: ({ code }) => ({ type: 'element', tagName: 'pre', properties: {}, children: [{ type: 'element', tagName: 'code', properties: {}, children: [{ type: 'text', value: code }] }] }),
};

async function render(source: string, options: Partial<ContentPresetOptions> = {}) {
  const preset = contentPreset({ format: 'md', highlighter, ...options });
  const processor = unified().use(remarkParse).use(preset.remarkPlugins).use(remarkRehype, { allowDangerousHtml: true }).use(preset.rehypePlugins).use(rehypeStringify, { allowDangerousHtml: true });
  const file = new VFile({ path: 'page.md', value: source });
  const html = processor.stringify((await processor.run(processor.parse(file), file)) as HastRoot, file);
  return { html, file };
}

describe('contentPreset', () => {
  it('runs every feature of a page through one list: admonitions, cards, heading ids, code, tables, tasks, prose colons, based links', async () => {
    const { html, file } = await render([
      ':::tip[Warm]', 'Keep moving.', ':::', '',
      ':::cards', '- [Rules](/rules) — how to play', ':::', '',
      '## Rules {/* #the-rules */}', '',
      '```js title="a.js"', 'let a;', '```', '',
      '| a |', '|---|', '| 1 |', '',
      '- [x] done', '',
      'At 10:30, see [setup](/guide/setup).',
    ].join('\n'), { baseUrl: '/base/' });
    expect(html).toContain('<aside class="admonition admonition-tip" role="note" aria-label="Tip"><p class="admonition-heading"><span class="admonition-icon" aria-hidden="true"></span>Warm</p>');
    expect(html).toContain('<a href="/base/rules" class="card">');
    expect(html).toContain('<h2 id="the-rules">Rules<a class="hash-link" href="#the-rules"');
    expect(html).toContain('<div class="code-block" data-language="js"><div class="code-block-title">a.js</div>');
    expect(html).toContain('<table tabindex="0" data-rows="">');
    expect(html).toContain('aria-label="Done"');
    expect(html).toContain('<p>At 10:30, see <a href="/base/guide/setup">setup</a>.</p>');
    expect(file.data.anchors).toEqual(['the-rules']);
    expect(file.data.links?.map((l) => l.url)).toEqual(['/base/rules', '/base/guide/setup']);
    expect(file.data.description).toBe('Keep moving.');
    expect(file.messages).toEqual([]);
  });

  it('renders formulas with KaTeX only with `math`, display ones keyboard-reachable', async () => {
    expect((await render('$$\nx\n$$')).html).toBe('<p>$$\nx\n$$</p>');
    expect((await render('$$\nx\n$$', { math: true })).html).toMatch(/^<span class="katex-display" tabindex="0"><span class="katex">/);
  });

  it('differs between formats only in the parser\'s adapters', () => {
    const md = contentPreset({ format: 'md', highlighter });
    const mdx = contentPreset({ format: 'mdx', highlighter });
    expect(mdx.remarkPlugins).toContain(remarkMdxCompat);
    expect(mdx.remarkPlugins).toContain(remarkIslands);
    expect(md.remarkPlugins).not.toContain(remarkMdxCompat);
    // remarkMdxSyntax (guarded) stands where the two MDX adapters are.
    expect(mdx.remarkPlugins.length).toBe(md.remarkPlugins.length + 1);
    expect(mdx.rehypePlugins.length).toBe(md.rehypePlugins.length);
  });

  it('drops MDX syntax from a Markdown page, and reports it', async () => {
    const { html, file } = await render("import Tabs from '@theme/Tabs';\n\nText.");
    expect(html).toBe('<p>Text.</p>');
    expect(file.messages.map((m) => m.ruleId)).toEqual(['markdown/mdx-syntax']);
  });
});

describe('site plugins in the preset', () => {
  /** Records what a plugin saw: the tree's top-level nodes, as `type` or `type.hName`/`tagName#id`. */
  const seen: Record<string, string[]> = {};
  const spy = (name: string) => () => (tree: MdastRoot | HastRoot) => {
    seen[name] = (tree.children as Array<{ type: string; data?: { hName?: string }; tagName?: string; properties?: Element['properties'] }>)
      .filter((n) => n.type !== 'text')
      .map((n) => (n.tagName ? `${n.tagName}#${String(n.properties?.id ?? '')}` : `${n.type}${n.data?.hName ? `.${n.data.hName}` : ''}`));
  };
  const addId = () => (tree: HastRoot) => {
    tree.children.push({ type: 'element', tagName: 'div', properties: { id: 'from-site' }, children: [] });
  };

  it('run where Docusaurus runs them: before ours they see the parsed tree, after ours the result, before ids are collected', async () => {
    const { file } = await render(':::note\nN.\n:::\n\n## Head', {
      beforeDefaultRemarkPlugins: [spy('beforeRemark')], remarkPlugins: [spy('afterRemark')],
      beforeDefaultRehypePlugins: [spy('beforeRehype')], rehypePlugins: [spy('afterRehype'), addId],
    });
    expect(seen.beforeRemark).toEqual(['containerDirective', 'heading']);
    expect(seen.afterRemark).toEqual(['containerDirective.aside', 'heading']);
    expect(seen.beforeRehype).toEqual(['aside#', 'h2#']);
    expect(seen.afterRehype).toEqual(['aside#', 'h2#head']);
    expect(file.data.anchors).toEqual(['head', 'from-site']);
  });

  it('turn the source guards off: a construct a site plugin adds is rendered though the source has none', async () => {
    const addTask = () => (tree: MdastRoot) => {
      tree.children.push({ type: 'list', spread: false, children: [{ type: 'listItem', checked: true, spread: false, children: [{ type: 'paragraph', children: [{ type: 'text', value: 'made' }] }] }] });
    };
    expect((await render('plain', { remarkPlugins: [addTask] })).html).toContain('aria-label="Done"');
  });
});

describe('sitePluginsOf, hasSitePlugins and sitePluginsKey', () => {
  const base = { title: 'T', tagline: 't', url: 'https://t.example', navbar: { title: 'T', items: [] }, footer: { links: [], copyright: 'c' } };
  const shout = (options: { suffix: string }) => () => void options;

  it('take the four plugin lists of the config, and say whether the site has any', () => {
    const none = sitePluginsOf(resolveConfig(base));
    expect(hasSitePlugins(none)).toBe(false);
    expect(hasSitePlugins(undefined)).toBe(false);
    const some = sitePluginsOf(resolveConfig({ ...base, markdown: { rehypePlugins: [shout] } }));
    expect(Object.keys(some).sort()).toEqual(['beforeDefaultRehypePlugins', 'beforeDefaultRemarkPlugins', 'rehypePlugins', 'remarkPlugins']);
    // Each guarded (site-plugin-guard.ts), standing for the same plugin.
    expect(some.rehypePlugins!.map(originalPlugin)).toEqual([shout]);
    expect(hasSitePlugins(some)).toBe(true);
  });

  it('key the cache on the plugins the config gives, not on their guards', () => {
    const config = resolveConfig({ ...base, markdown: { remarkPlugins: [[shout, { suffix: 'a' }]] } });
    const { beforeDefaultRemarkPlugins, remarkPlugins, beforeDefaultRehypePlugins, rehypePlugins } = config.markdown;
    const given = { beforeDefaultRemarkPlugins, remarkPlugins, beforeDefaultRehypePlugins, rehypePlugins } as Parameters<typeof sitePluginsKey>[0];
    expect(sitePluginsKey(sitePluginsOf(config))).toBe(sitePluginsKey(given));
    expect(sitePluginsKey(sitePluginsOf(config))).toContain('suffix');
  });

  it('key the cache on each plugin\'s source and options', () => {
    const key = (list: PluggableList) => sitePluginsKey({ remarkPlugins: list });
    expect(key([[shout, { suffix: 'a' }]])).toBe(key([[shout, { suffix: 'a' }]]));
    expect(key([[shout, { suffix: 'a' }]])).not.toBe(key([[shout, { suffix: 'b' }]]));
    expect(key([shout])).not.toBe(key([() => () => undefined]));
    expect(key([shout])).not.toBe(sitePluginsKey({ rehypePlugins: [shout] }));
  });
});
