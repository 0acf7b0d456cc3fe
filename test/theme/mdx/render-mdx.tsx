import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MdxSiteProvider, type MdxSite } from '../../../theme/mdx/context.tsx';
import { MdxCodeHighlighterProvider, type MdxCodeHighlighter } from '../../../theme/mdx/code-highlighter.tsx';

/** A site for component tests: the fields of `MdxSite`, overridable. */
export function testSite(overrides: Partial<MdxSite['siteConfig']> = {}): MdxSite {
  return {
    siteConfig: { title: 'Serpent Arena', tagline: 'Code a snake', url: 'https://arena.example', baseUrl: '/', customFields: {}, ...overrides },
    i18n: { currentLocale: 'en', defaultLocale: 'en', locales: ['en'] },
    route: '/guides/tabs',
    docs: [{ pluginId: 'default', path: '/', versions: [{ name: 'current', label: 'Next', path: '/', isLast: true }] }],
  };
}

/** Fails the test if a component highlights code where none was expected. */
const noHighlighter: MdxCodeHighlighter = {
  highlight() {
    throw new Error('this test gave no highlighter');
  },
};

/** Server-renders MDX components as the MDX renderer does: inside the site's and the highlighter's providers. */
export function renderMdx(node: ReactNode, options: { site?: MdxSite; highlighter?: MdxCodeHighlighter } = {}): string {
  return renderToString(
    <MdxSiteProvider value={options.site ?? testSite()}>
      <MdxCodeHighlighterProvider value={options.highlighter ?? noHighlighter}>{node}</MdxCodeHighlighterProvider>
    </MdxSiteProvider>,
  );
}
