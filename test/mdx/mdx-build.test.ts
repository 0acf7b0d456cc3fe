import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { SitegenError } from '../../src/diagnostics/sitegen-error.ts';
import type { Diagnostic } from '../../src/diagnostics/diagnostic.ts';
import { buildInMemory } from '../helpers/build-helpers.ts';
import { copyFixture, type SiteCopy } from '../helpers/copy-fixture.ts';

// Issue 30: `.mdx` docs and posts, and `.md` read as MDX, are compiled with @mdx-js/mdx, bundled
// with what they import and rendered with React, in the Markdown phase. (`<!-- -->` is how React's
// server renderer separates adjacent text nodes: the HTML is what the components render.)

let site: SiteCopy | undefined;
afterEach(() => site?.cleanup());

const at = (d: Diagnostic) => `${d.file}:${d.line}:${d.column}  ${d.severity}  ${d.message}  ${d.ruleId}`;

/** The build's error diagnostics, printed, when it fails; fails the test when it does not. */
async function failure(copy: SiteCopy): Promise<string[]> {
  const error = await buildInMemory(copy.root).then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(SitegenError);
  return (error as SitegenError).diagnostics.filter((d) => d.severity === 'error').map(at);
}

describe('MDX pages', () => {
  it('render components, partials, data imports and the site context, and keep title, TOC and ids', async () => {
    site = copyFixture('mdx-site');
    const { out, result } = await buildInMemory(site.root);
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const html = out.text('components.html')!;
    // The leading `# Title` after the imports is the page title, shown once.
    expect(html).toContain('<title>Components in MDX | MDX Fixture</title>');
    expect(html.match(/<h1\b/g)).toHaveLength(1);
    expect(html).toContain('<figure class="site-figure"><img src="/img/logo.svg" alt=""/><figcaption>The arena logo</figcaption></figure>');
    expect(html).toContain('The move deadline is <!-- -->500<!-- --> ms on a board <!-- -->11<!-- --> cells wide.');
    expect(html).toContain('Shared text from a <strong>partial</strong>, rendered in place.');
    expect(html).toContain('<p class="motto">Eat, grow, outlast<!-- --> (<!-- -->MDX Fixture<!-- -->)</p>');
    expect(html).toMatch(/<h2 id="settings-heading"/);
    expect(html).toMatch(/<h3 id="comment-id"/);
    expect(html).toMatch(/<a href="\/"[^>]*>link home<\/a>/);
    // Our Markdown plugins run on MDX too: admonitions and highlighted code with its title.
    expect(html).toMatch(/class="admonition[^"]*"/);
    expect(html).toContain('snake.js');
    // The CSS module's class is hashed; both stylesheets are in the MDX stylesheet the page links.
    const badge = /<span class="([\w-]+) badge-global">new<\/span>/.exec(html);
    expect(badge?.[1]).toMatch(/badge/);
    const sheet = /<link rel="stylesheet" href="\/(assets\/css\/mdx\.\w+\.css)">/.exec(html)?.[1];
    // An asset copied into the output: the writer holds the file it is copied from.
    const copied = sheet ? out.files.get(sheet) : undefined;
    const css = copied && typeof copied === 'object' && 'copyOf' in copied ? readFileSync(copied.copyOf, 'utf8') : undefined;
    expect(css).toContain(`.${badge![1]}`);
    expect(css).toContain('.badge-global');
  });

  it('bundle site components written as JSX in `.js` files, and import an SVG as a component (Docusaurus\'s SVGR)', async () => {
    // Both found on the original game's docs built as MDX: `src/components/*/index.js` hold JSX,
    // and `require('@site/static/img/icons/go.svg').default` is rendered as `<p.Svg />`.
    site = copyFixture('mdx-site');
    site.write('src/components/Card.js', 'export default function Card({ title, children }) {\n  return <div className="card"><strong>{title}</strong>{children}</div>;\n}\n');
    site.write('src/img/mark.svg', '<?xml version="1.0"?>\n<!-- a mark -->\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" class="mark" style="fill-opacity: .5" stroke-width="2"><path d="M0 0h24"/></svg>\n');
    site.write('content/docs/cards.mdx', [
      "import Card from '@site/src/components/Card';",
      "import Mark from '@site/src/img/mark.svg';",
      '',
      "export const icons = [{ name: 'mark', Svg: require('@site/src/img/mark.svg').default }];",
      '',
      '# Cards',
      '',
      '<Card title="Arena"><Mark role="img" aria-label="Mark" width="24" /></Card>',
      '',
      '{icons.map(({ name, Svg }) => <Svg key={name} className="listed" />)}',
      '',
    ].join('\n'));
    const { out, result } = await buildInMemory(site.root);
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const html = out.text('cards.html')!;
    expect(html).toContain('<div class="card"><strong>Arena</strong><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" class="mark" style="fill-opacity:.5" stroke-width="2" role="img" aria-label="Mark" width="24"><path d="M0 0h24"/></svg></div>');
    // The props given replace the file's own attributes.
    expect(html).toContain('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" class="listed" style="fill-opacity:.5" stroke-width="2"><path d="M0 0h24"/></svg>');
  });

  it('provide Translate, translate, ExecutionEnvironment, useIsBrowser and useLocation, and leave an absolute url() in CSS to the site\'s files', async () => {
    // Babel's pages and components import these, Redux's /errors page `useLocation`; Babel's CSS
    // points at `/img/icons/…` in `static/`.
    site = copyFixture('mdx-site');
    site.write('src/components/Hello.jsx', [
      "import Translate, { translate } from '@docusaurus/Translate';",
      "import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';",
      "import useIsBrowser from '@docusaurus/useIsBrowser';",
      "import { useLocation } from '@docusaurus/router';",
      "import './hello.css';",
      'export default function Hello() {',
      "  const label = translate({ id: 'hello.label', message: 'Hello, {name}!' }, { name: 'arena' });",
      '  return <p className="hello" title={label}><Translate id="hello.text" values={{ n: <b>3</b> }}>{"{n} serpents"}</Translate>'
        + " {String(ExecutionEnvironment.canUseDOM)} {String(useIsBrowser())} {useLocation().pathname}</p>;",
      '}',
    ].join('\n'));
    site.write('src/components/hello.css', '.hello { background: url(/img/logo.svg) no-repeat; }\n');
    site.write('content/docs/hello.mdx', "import Hello from '@site/src/components/Hello';\n\n# Hello\n\n<Hello />\n");
    const { out, result } = await buildInMemory(site.root);
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const html = out.text('hello.html')!;
    expect(html).toContain('<p class="hello" title="Hello, arena!"><b>3</b> serpents<!-- --> <!-- -->false<!-- --> <!-- -->false<!-- --> <!-- -->/hello</p>');
    const sheet = /<link rel="stylesheet" href="\/(assets\/css\/mdx\.\w+\.css)">/.exec(html)![1];
    const copied = out.files.get(sheet);
    const css = copied && typeof copied === 'object' && 'copyOf' in copied ? readFileSync(copied.copyOf, 'utf8') : String(copied);
    expect(css).toMatch(/\.hello\s*\{\s*background: url\(\/img\/logo\.svg\) no-repeat;/);
  });

  it('read a `.md` file as MDX with front matter `format: mdx`, and every `.md` with `markdown.format: mdx`', async () => {
    site = copyFixture('mdx-site');
    const first = await buildInMemory(site.root);
    expect(first.out.text('guide.html')).toContain('the answer is <!-- -->42<!-- -->.');
    // Under 'detect', this `.md` keeps its inline HTML as Markdown does; under 'mdx', JSX works in it.
    expect(first.out.text('index.html')).toContain('<span>inline HTML</span>');
    site.write('content/docs/index.md', '---\ntitle: Home\n---\n\nexport const n = 3;\n\nThere are {n} serpents.\n');
    site.write('site.config.ts', site.read('site.config.ts').replace('customFields:', "markdown: { format: 'mdx' },\n  customFields:"));
    expect((await buildInMemory(site.root)).out.text('index.html')).toContain('There are <!-- -->3<!-- --> serpents.');
  });

  it('give a post its excerpt up to `{/* truncate */}`', async () => {
    site = copyFixture('mdx-site');
    const { out } = await buildInMemory(site.root);
    const list = out.text('blog.html')!;
    expect(list).toContain('The first part of the post.');
    expect(list).not.toContain('After the fold');
    expect(out.text('blog/2024/05/01/launch.html')).toContain('After the fold');
  });

  it('check links written in JSX, at their line', async () => {
    site = copyFixture('mdx-site');
    site.write('content/docs/components.mdx', site.read('content/docs/components.mdx').replace('<a href="/guide">', '<a href="/gide">'));
    expect(await failure(site)).toEqual([expect.stringMatching(/^content\/docs\/components\.mdx:30:1 {2}error {2}.*`\/gide`.*links\/missing-page$/)]);
  });
});

describe('MDX islands (issue 30 › 3)', () => {
  it('mark only the components that need the browser, and give only their page a script with only their code', async () => {
    site = copyFixture('mdx-site');
    site.write('src/components/Counter.jsx', "import { useState } from 'react';\nexport default function Counter() {\n  const [n, setN] = useState(0);\n  return <button onClick={() => setN(n + 1)}>{n} moves</button>;\n}\n");
    site.write('src/components/Plain.jsx', 'export default function Plain({ children }) {\n  return <div className="plain">{children}</div>;\n}\n');
    // A package whose code sitegen cannot judge is taken to need the browser.
    site.write('node_modules/fancy-widget/package.json', '{ "name": "fancy-widget", "main": "index.js" }\n');
    site.write('node_modules/fancy-widget/index.js', "const { createElement } = require('react');\nexports.Widget = function Widget() { return createElement('em', null, 'widget'); };\n");
    site.write('content/docs/islands.mdx', [
      "import { useState } from 'react';",
      "import BrowserOnly from '@docusaurus/BrowserOnly';",
      "import Counter from '@site/src/components/Counter';",
      "import Plain from '@site/src/components/Plain';",
      "import { Widget } from 'fancy-widget';",
      '',
      'export const Toggle = () => { const [on, setOn] = useState(false); return <button onClick={() => setOn(!on)}>{on ? "on" : "off"}</button>; };',
      'export const Label = ({ text }) => <span className="label">{text}</span>;',
      '',
      '# Islands',
      '',
      'Only the server needs this sentence.',
      '',
      '<Counter />',
      '',
      '<Plain>Plain *text* <Label text="static" /></Plain>',
      '',
      '<BrowserOnly fallback={<p>Wait…</p>}>{() => <p>Here.</p>}</BrowserOnly>',
      '',
      'Inline: <Widget />, <Toggle /> and <Label text="also static" />.',
      '',
    ].join('\n'));
    const { out, result } = await buildInMemory(site.root);
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const html = out.text('islands.html')!;
    const markers = [...html.matchAll(/<sitegen-island data-island="([\da-f]+):(\d+)">(.*?)<\/sitegen-island>/g)];
    expect(markers.map((m) => m[3])).toEqual(['<button>0<!-- --> moves</button>', '<p>Wait…</p>', '<em>widget</em>', '<button>off</button>']);
    expect(new Set(markers.map((m) => m[1])).size).toBe(1);
    // Components without state are plain HTML, never wrapped.
    expect(html).toContain('<div class="plain">Plain <em>text</em> <span class="label">static</span></div>');
    expect(html).toContain('and <span class="label">also static</span>.');
    const scripts = [...html.matchAll(/<script type="module" src="\/(assets\/js\/islands-[^"]+)" data-page-script><\/script>/g)].map((m) => m[1]);
    expect(scripts).toEqual([expect.stringContaining(`islands-${markers[0][1]}.`)]);
    const code = out.text(scripts[0])!;
    expect(code).toContain('moves');
    expect(code).toContain('Here.');
    expect(code).not.toContain('Only the server needs this sentence');
    expect(code).not.toContain('Plain');
    // React is the site's React file, read whole: no copy of React in the island script.
    expect(code).toMatch(/import\{__sitegenReact as \w+\}from"\.\/react\.[A-Z0-9]+\.js"/);
    expect(code).not.toContain('react.transitional.element');
    // Pages without such components are what they were: no marker, no script.
    const other = out.text('components.html')!;
    expect(other).not.toContain('<sitegen-island');
    expect(other).not.toContain('islands-');
  });
  it('leave the elements a parent inspects as they are: a stateful component inside `<TabItem>` of `<Tabs>`', async () => {
    // Found on Babel's docs: wrapping each `<TabItem>` (a candidate: the page imports it) made
    // `<Tabs>` throw, as it reads its children's props.
    site = copyFixture('mdx-site');
    site.write('src/components/Counter.jsx', "import { useState } from 'react';\nexport default function Counter() {\n  const [n, setN] = useState(0);\n  return <button onClick={() => setN(n + 1)}>{n} moves</button>;\n}\n");
    site.write('content/docs/tabbed.mdx', [
      "import Tabs from '@theme/Tabs';",
      "import TabItem from '@theme/TabItem';",
      "import Counter from '@site/src/components/Counter';",
      '',
      '# Tabbed',
      '',
      '<Tabs>',
      '  <TabItem value="a" label="A"><Counter /></TabItem>',
      '  <TabItem value="b" label="B">Plain</TabItem>',
      '</Tabs>',
      '',
    ].join('\n'));
    const { out, result } = await buildInMemory(site.root);
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const html = out.text('tabbed.html')!;
    expect(html).toContain('<div class="tabs-container" data-tabs="');
    expect(html).toMatch(/data-value="a"><p class="tab-panel-label">A<\/p><sitegen-island data-island="[\da-f]+:\d+"><button>0<!-- --> moves<\/button><\/sitegen-island><\/div>/);
    expect(html.match(/<sitegen-island/g)).toHaveLength(1);
  });
});

describe('MDX `toc` and `@theme/TOCInline`', () => {
  it('export the page\'s headings as `toc`, which `<TOCInline>` lists (found on Jest\'s docs: `toc.slice(2)`)', async () => {
    site = copyFixture('mdx-site');
    site.write('content/docs/api.mdx', [
      "import TOCInline from '@theme/TOCInline';",
      '',
      '# API',
      '',
      '<TOCInline toc={toc.slice(1)} />',
      '',
      '## Setup',
      '',
      '## Moves',
      '',
      '### `up` and *down*',
      '',
      '## Errors',
      '',
    ].join('\n'));
    const { out, result } = await buildInMemory(site.root);
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const html = out.text('api.html')!;
    expect(html).toContain('<div class="toc-inline"><ul><li><a href="#moves">Moves</a><ul><li><a href="#up-and-down"><code>up</code> and <em>down</em></a></li></ul></li><li><a href="#errors">Errors</a></li></ul></div>');
  });
});

describe('MDX errors', () => {
  it('an import that cannot be resolved: at its line, with the closest file', async () => {
    site = copyFixture('mdx-site');
    site.write('content/docs/components.mdx', site.read('content/docs/components.mdx').replace("'@site/src/components/Figure'", "'@site/src/components/Figur'"));
    expect(await failure(site)).toEqual([
      'content/docs/components.mdx:5:20  error  Cannot resolve `@site/src/components/Figur`; did you mean `@site/src/components/Figure`?  import/unresolved',
    ]);
  });

  // Issue #38 › 5: the place comes from a parser (MDX's for pages, oxc's for components), not from
  // the first place the text appears (here a code span and a comment before the import).
  it('an import that cannot be resolved: where the parser read it, not where its text first appears', async () => {
    site = copyFixture('mdx-site');
    site.write('content/docs/later.mdx', "---\ntitle: Later\n---\n\nThe widget lives in `'./widget'` for now.\n\nimport Widget from './widget';\n\n<Widget />\n");
    site.write('src/components/Uses.jsx', "// It used to import './gone' too.\nimport Gone from './gone';\n\nexport default function Uses() {\n  return <Gone />;\n}\n");
    site.write('content/docs/uses.mdx', "import Uses from '@site/src/components/Uses';\n\n<Uses />\n");
    expect(await failure(site)).toEqual([
      'content/docs/later.mdx:7:20  error  Cannot resolve `./widget`  import/unresolved',
      'src/components/Uses.jsx:2:18  error  Cannot resolve `./gone`  import/unresolved',
    ]);
  });

  it('a Docusaurus module sitegen does not provide, or whose file is missing', async () => {
    site = copyFixture('mdx-site');
    site.write('content/docs/tabz.mdx', "import Tabs from '@theme/Tabz';\n\n<Tabs />\n");
    expect(await failure(site)).toEqual([
      'content/docs/tabz.mdx:1:18  error  Cannot resolve `@theme/Tabz`: it is not a module sitegen provides; did you mean `@theme/Tabs`?  import/unresolved',
    ]);
  });

  it('an MDX syntax error: at its line and column in the file', async () => {
    site = copyFixture('mdx-site');
    site.write('content/docs/broken.mdx', '---\ntitle: Broken\n---\n\nSome text.\n\n<Figure caption="x">\n\nNever closed.\n');
    expect(await failure(site)).toEqual(['content/docs/broken.mdx:7:1  error  Cannot parse MDX: Expected a closing tag for `<Figure>`  mdx/syntax']);
  });

  it('a component used without an import: at the element', async () => {
    site = copyFixture('mdx-site');
    site.write('content/docs/unknown.mdx', '# Unknown\n\nText.\n\n<Tabs>\n\nInside.\n\n</Tabs>\n');
    expect(await failure(site)).toEqual([
      'content/docs/unknown.mdx:5:1  error  Cannot render `<Tabs>`: no component of that name is imported  mdx/unknown-component',
    ]);
  });

  it('a component that throws: at its own line, naming the Markdown file and line', async () => {
    site = copyFixture('mdx-site');
    site.write('content/docs/boom.mdx', "import Boom from '@site/src/components/Boom';\n\n# Boom\n\n<Boom />\n");
    expect(await failure(site)).toEqual([
      'src/components/Boom.jsx:3:9  error  Cannot render `/boom` from `content/docs/boom.mdx:5:1`: `<Boom>` threw: the fuse was short  mdx/render',
    ]);
    // The error the component threw is the build's cause: `--verbose` prints its stack.
    const error = await buildInMemory(site.root).then(() => undefined, (e: unknown) => e) as SitegenError;
    expect(error.cause).toBeInstanceOf(Error);
    expect((error.cause as Error).message).toBe('the fuse was short');
  });
});
