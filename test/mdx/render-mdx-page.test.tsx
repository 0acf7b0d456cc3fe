import { createContext, useContext, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { CodeHighlighter } from '../../src/markdown/create-code-highlighter.ts';
import { islandMarker } from '../../src/mdx/island-marker.ts';
import { createMdxPageRenderer, type MdxModule, type MdxRenderJob, type MdxSite } from '../../src/mdx/render-mdx-page.ts';

// One compiled MDX page rendered with React inside the site's providers; what goes wrong is a
// diagnostic at the Markdown file's line, not a crash.

const Site = createContext<MdxSite | undefined>(undefined);
const Highlighter = createContext<CodeHighlighter | undefined>(undefined);
const highlighter = { languages: new Set(['js']), highlight: () => { throw new Error('not used'); } } as CodeHighlighter;

const module: MdxModule = {
  MdxSiteProvider: ({ value, children }: { value: MdxSite; children: ReactNode }) => <Site.Provider value={value}>{children}</Site.Provider>,
  MdxCodeHighlighterProvider: ({ value, children }: { value: CodeHighlighter; children: ReactNode }) => <Highlighter.Provider value={value}>{children}</Highlighter.Provider>,
  GlobalMdxProvider: ({ children }: { children: ReactNode }) => <>{children}</>,
  MDXComponents: {},
  ThemeMDXComponents: {},
  pages: {},
  excerpts: {},
};
const render = createMdxPageRenderer({ module, bundle: '/nonexistent/mdx.mjs', siteRoot: '/site', highlighter });

const site: MdxSite = {
  siteConfig: { title: 'Arena', tagline: 't', url: 'https://a.example', baseUrl: '/', customFields: {} },
  i18n: { currentLocale: 'en', defaultLocale: 'en', locales: ['en'] },
  route: '/guide',
  docs: [],
};
const job = (Content: MdxRenderJob['Content'], extra: Partial<MdxRenderJob> = {}): MdxRenderJob => ({
  Content, site, file: 'content/docs/guide.mdx', lineOffset: 3, statics: { nonce: 'sgN', html: [] },
  elements: [{ name: 'Counter', line: 2, column: 1 }, { name: 'Boom', line: 4, column: 5 }], ...extra,
});

function Boom(): ReactNode {
  throw new Error('kaboom');
}

describe('createMdxPageRenderer', () => {
  it('renders the page inside the site and highlighter providers, with its static blocks put back', () => {
    function Content() {
      const value = useContext(Site);
      return <>{'sgN0x'}<p>{value?.siteConfig.title} at {value?.route}{useContext(Highlighter) === highlighter ? ' (highlighter)' : ''}</p></>;
    }
    expect(render(job(Content, { statics: { nonce: 'sgN', html: ['<h2 id="a">A</h2>'] } }))).toEqual({
      html: '<h2 id="a">A</h2><p>Arena<!-- --> at <!-- -->/guide<!-- --> (highlighter)</p>', diagnostics: [],
    });
  });

  it('passes the island marker to the content component when the page has islands', () => {
    const Content = (props: { sitegenIsland?: ReturnType<typeof islandMarker> }) => (props.sitegenIsland ?? ((_: number, e: ReactNode) => e))(0, <button>go</button>);
    expect(render(job(Content as MdxRenderJob['Content'], { islands: { key: 'k', live: new Set([0]) } })).html).toBe('<sitegen-island data-island="k:0"><button>go</button></sitegen-island>');
    expect(render(job(Content as MdxRenderJob['Content'])).html).toBe('<button>go</button>');
  });

  it('reports a component the page never imported at its first use, past the front matter', () => {
    const Content = () => {
      throw new Error('Expected component `Counter` to be defined: you likely forgot to import, pass, or provide it.');
    };
    expect(render(job(Content))).toEqual({
      diagnostics: [{
        file: 'content/docs/guide.mdx', line: 5, column: 1, severity: 'error', ruleId: 'mdx/unknown-component',
        message: 'Cannot render `<Counter>`: no component of that name is imported',
        hint: "Import it at the top of the file (`import Counter from '@theme/Counter';` for a Docusaurus component, `@site/src/components/…` for the site's own).",
      }],
    });
  });

  it('reports a component that throws at its element, naming it, with the error as cause', () => {
    const result = render(job(() => <div><Boom /></div>));
    expect(result.html).toBeUndefined();
    const [diagnostic] = result.diagnostics;
    expect(diagnostic).toMatchObject({
      file: 'content/docs/guide.mdx', line: 7, column: 5, severity: 'error', ruleId: 'mdx/render',
      message: 'Cannot render `/guide` from `content/docs/guide.mdx:7:5`: `<Boom>` threw: kaboom',
    });
    expect((diagnostic.cause as Error).message).toBe('kaboom');
  });

  it('names the page alone when no element of it is on the stack', () => {
    const result = render(job(() => {
      throw new Error('top level');
    }));
    expect(result.diagnostics[0]).toMatchObject({ file: 'content/docs/guide.mdx', message: 'Cannot render `/guide` from `content/docs/guide.mdx`: top level' });
    expect(result.diagnostics[0].line).toBeUndefined();
  });
});
