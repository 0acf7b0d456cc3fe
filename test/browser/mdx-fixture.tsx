import path from 'node:path';
import { build } from 'esbuild';
import type { BrowserContext } from 'playwright-core';
import { renderToString } from 'react-dom/server';
import { createCodeHighlighter } from '../../src/markdown/create-code-highlighter.ts';
import Admonition from '../../theme/mdx/admonition.tsx';
import CodeBlock from '../../theme/mdx/code-block.tsx';
import { MdxCodeHighlighterProvider } from '../../theme/mdx/code-highlighter.tsx';
import { MdxSiteProvider } from '../../theme/mdx/context.tsx';
import Details from '../../theme/mdx/details.tsx';
import TabItem from '../../theme/mdx/tab-item.tsx';
import Tabs from '../../theme/mdx/tabs.tsx';
import { repoRoot } from '../helpers/helpers.ts';

/** Where the fixture page is served, on the real site's origin (its stylesheet, its storage). */
export const FIXTURE_PATH = '/__mdx-fixture';
/** Where the fixture serves the tabs script. */
export const SCRIPT_PATH = `${FIXTURE_PATH}/tabs.js`;

/** Content as MDX would render it: two groups of one `groupId`, a query-string group, components in panels. */
function Content() {
  return (
    <>
      <h1>Tabs fixture</h1>
      <p>A first group of the <code>language</code> group id.</p>
      <Tabs groupId="language">
        <TabItem value="py" label="Python"><p>Python starter.</p></TabItem>
        <TabItem value="js" label="JavaScript"><p>JavaScript starter.</p></TabItem>
        <TabItem value="go" label="Go">
          <p>Go starter, with more to say.</p>
          <p>Build it with the toolchain of your system.</p>
          <p>Then run it beside the engine.</p>
        </TabItem>
      </Tabs>
      <Admonition type="tip" title="Same choice everywhere"><p>Tabs of one group switch together.</p></Admonition>
      <Tabs groupId="language" queryString>
        <TabItem value="py" label="Python"><CodeBlock language="python" title="main.py">{'def move(state):\n    return {"move": "up"}'}</CodeBlock></TabItem>
        <TabItem value="js" label="JavaScript" default><CodeBlock language="js">{'export const move = () => ({ move: "up" });'}</CodeBlock></TabItem>
        <TabItem value="go" label="Go"><CodeBlock language="go">{'func move() string { return "up" }'}</CodeBlock></TabItem>
        <TabItem value="rust" label="Rust"><CodeBlock language="rust">{'fn r#move() -> &\'static str { "up" }'}</CodeBlock></TabItem>
      </Tabs>
      <Tabs queryString="os" block>
        <TabItem value="linux" label="Linux"><p>Run the binary.</p></TabItem>
        <TabItem value="mac" label="macOS"><p>Allow it in the settings first.</p></TabItem>
      </Tabs>
      <Details summary="Why do tabs remember?"><p>Your choice is stored for the next visit.</p></Details>
    </>
  );
}

/** One group of the `language` group id, as the server renders it, for pages of the real site. */
export const tabsGroupHtml = renderToString(
  <Tabs groupId="language">
    <TabItem value="py" label="Python"><p>Python starter.</p></TabItem>
    <TabItem value="go" label="Go"><p>Go starter.</p></TabItem>
  </Tabs>,
);

/** The fixture page: the components' server output, the site's stylesheet and the tabs script. */
export async function fixtureHtml(stylesheets: readonly string[]): Promise<string> {
  const highlighter = await createCodeHighlighter();
  const site = {
    siteConfig: { title: 'Fixture', tagline: '', url: 'http://127.0.0.1', baseUrl: '/', customFields: {} },
    i18n: { currentLocale: 'en', defaultLocale: 'en', locales: ['en'] },
    route: FIXTURE_PATH,
    docs: [],
  };
  const body = renderToString(
    <MdxSiteProvider value={site}>
      <MdxCodeHighlighterProvider value={highlighter}><Content /></MdxCodeHighlighterProvider>
    </MdxSiteProvider>,
  );
  // The head script's part that matters here: `.js`, and the stored colour mode.
  const head = "document.documentElement.classList.add('js');var m=localStorage.getItem('theme');if(m)document.documentElement.setAttribute('data-theme',m);";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Tabs fixture</title>${stylesheets.map((href) => `<link rel="stylesheet" href="${href}">`).join('')}<script>${head}</script>
<script type="module" src="${SCRIPT_PATH}"></script></head>
<body><main id="main-content" class="doc-column"><article class="markdown">${body}</article></main></body></html>`;
}

/** The tabs script as the site ships it: bundled and minified by esbuild. */
export async function tabsScript(): Promise<string> {
  const result = await build({
    entryPoints: [path.join(repoRoot, 'theme/client/tabs.ts')],
    bundle: true, write: false, format: 'esm', minify: true, target: ['chrome100'], logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}

/** Serves the fixture page and its script in a context (every page, every reload). */
export async function serveFixture(context: BrowserContext, files: { html: string; script: string }): Promise<void> {
  await context.route((url) => url.pathname === FIXTURE_PATH, (route) => route.fulfill({ contentType: 'text/html', body: files.html }));
  await context.route((url) => url.pathname === SCRIPT_PATH, (route) => route.fulfill({ contentType: 'text/javascript', body: files.script }));
}
