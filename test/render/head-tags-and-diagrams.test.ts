import { describe, expect, it } from 'vitest';
import { fromHtml } from 'hast-util-from-html';
import { toHtml } from 'hast-util-to-html';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { headTagsCsp, renderHeadTags } from '../../src/render/head-tags.ts';
import { escapeHtml } from '../../src/util/escape-html.ts';
import { headTagsSchema, scriptsSchema } from '../../src/config/head-schema.ts';
import { markdownSchema } from '../../src/config/markdown-schema.ts';
import { rehypeMermaid } from '../../src/markdown/plugins/rehype-mermaid.ts';
import { bundleMermaid } from '../../src/client/bundle-mermaid.ts';
import { fixture } from '../helpers/helpers.ts';

describe('head tags and scripts (Docusaurus\'s headTags, scripts)', () => {
  it('writes void and other elements, bare attributes, and leaves `false` ones out', () => {
    const headTags = headTagsSchema.parse([
      { tagName: 'meta', attributes: { name: 'x', content: 'a "quoted" & <b>' } },
      { tagName: 'noscript', innerHTML: '<img src="/p.gif">' },
    ]);
    const scripts = scriptsSchema.parse([{ src: '//cdn.example/a.js', defer: true, async: false }]);
    expect(renderHeadTags({ headTags, scripts, baseUrl: '/' })).toEqual([
      '<meta name="x" content="a &quot;quoted&quot; &amp; &lt;b&gt;">',
      '<noscript><img src="/p.gif"></noscript>',
      '<script src="//cdn.example/a.js" defer></script>',
    ]);
    expect(headTagsCsp({ headTags, scripts }).scriptOrigins).toEqual(['https://cdn.example']);
    expect(escapeHtml('<a href="x">&</a>')).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;');
  });

  it('refuses a script without `src` and an element name that is not one', () => {
    expect(scriptsSchema.safeParse([{ async: true }]).success).toBe(false);
    expect(headTagsSchema.safeParse([{ tagName: '<script>' }]).success).toBe(false);
  });
});

describe('mermaid diagrams (markdown.mermaid)', () => {
  it('is off by default, with mermaid\'s own themes for each colour mode', () => {
    expect(markdownSchema.parse({})).toEqual(expect.objectContaining({ mermaid: false, mermaidTheme: { light: 'default', dark: 'dark' } }));
  });

  it('turns a ```mermaid block into a figure holding its source, and leaves other code alone', () => {
    const tree = fromHtml('<pre><code class="language-mermaid">graph TD\n  a --> b\n</code></pre><pre><code class="language-js">a --> b</code></pre>', { fragment: true });
    rehypeMermaid()(tree);
    const html = toHtml(tree);
    expect(html).toBe('<div class="mermaid-diagram" data-mermaid=""><pre class="mermaid-source" tabindex="0">graph TD\n  a --> b</pre></div><pre><code class="language-js">a --> b</code></pre>');
  });

  it('takes a Docusaurus config\'s default locale, its htmlLang and direction, for <html>', async () => {
    const { fromDocusaurusConfig } = await import('../../src/config/docusaurus-config.ts');
    const { config, notes } = fromDocusaurusConfig({ i18n: { defaultLocale: 'fa', locales: ['fa'], localeConfigs: { fa: { htmlLang: 'fa-IR', direction: 'rtl' } } } }, '/site');
    expect([config.locale, config.direction, notes]).toEqual(['fa-IR', 'rtl', []]);
  });

  it('bundles the site\'s mermaid package, and says how to install it where there is none', async () => {
    const made = await bundleMermaid({ siteRoot: fixture('docusaurus-site'), themes: { light: 'default', dark: 'dark' }, configFile: 'docusaurus.config.js' });
    expect(made.diagnostics).toEqual([]);
    expect(made.script).toMatch(/^\/assets\/js\/mermaid\.[A-Z0-9]+\.js$/);
    expect(made.files.some((f) => `/${f.path}` === made.script)).toBe(true);
    const bare = mkdtempSync(path.join(os.tmpdir(), 'sitegen-no-mermaid-'));
    try {
      const missing = await bundleMermaid({ siteRoot: bare, themes: { light: 'default', dark: 'dark' }, configFile: 'site.config.ts' });
      expect(missing.diagnostics).toEqual([expect.objectContaining({ file: 'site.config.ts', severity: 'error', ruleId: 'config/mermaid', hint: expect.stringContaining('npm install mermaid') })]);
    } finally {
      rmSync(bare, { recursive: true, force: true });
    }
  });
});
