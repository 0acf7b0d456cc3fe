import { describe, expect, it } from 'vitest';
import BrowserOnly from '../../../theme/mdx/browser-only.tsx';
import useDocusaurusContext from '../../../theme/mdx/use-docusaurus-context.ts';
import { renderMdx, testSite } from './render-mdx.tsx';

describe('@docusaurus/useDocusaurusContext and @docusaurus/BrowserOnly', () => {
  it('gives components the site config and locales of the page being rendered', () => {
    function Title() {
      const { siteConfig, i18n } = useDocusaurusContext();
      return <p>{siteConfig.title} · {siteConfig.tagline} · {String(siteConfig.customFields.season)} · {i18n.currentLocale}</p>;
    }
    expect(renderMdx(<Title />, { site: testSite({ customFields: { season: 8 } }) })).toBe('<p>Serpent Arena<!-- --> · <!-- -->Code a snake<!-- --> · <!-- -->8<!-- --> · <!-- -->en</p>');
  });

  it('throws outside the provider the MDX renderer puts around content', async () => {
    const { renderToString } = await import('react-dom/server');
    function Title() {
      return <p>{useDocusaurusContext().siteConfig.title}</p>;
    }
    expect(() => renderToString(<Title />)).toThrow('Expected an MdxSiteProvider');
  });

  it('renders the fallback on the server, never the browser-only children', () => {
    let called = false;
    const children = () => {
      called = true;
      return <p>{window.location.href}</p>;
    };
    expect(renderMdx(<BrowserOnly fallback={<p>Loading the board…</p>}>{children}</BrowserOnly>)).toBe('<p>Loading the board…</p>');
    expect(renderMdx(<div><BrowserOnly>{children}</BrowserOnly></div>)).toBe('<div></div>');
    expect(called).toBe(false);
  });
});
