import { describe, expect, it } from 'vitest';
import useBaseUrl, { addBaseUrl, useBaseUrlUtils, type BaseUrlOptions } from '../../../theme/mdx/use-base-url.ts';
import { renderMdx, testSite } from './render-mdx.tsx';

const based = (url: string, options?: BaseUrlOptions, baseUrl = '/docs-site/') =>
  addBaseUrl({ siteUrl: 'https://arena.example', baseUrl, url, options });

describe('@docusaurus/useBaseUrl', () => {
  it('puts the base before root-relative and relative URLs, once', () => {
    expect(based('/img/logo.svg')).toBe('/docs-site/img/logo.svg');
    expect(based('img/logo.svg')).toBe('/docs-site/img/logo.svg');
    expect(based('/docs-site/img/logo.svg')).toBe('/docs-site/img/logo.svg');
    expect(based('/docs-site')).toBe('/docs-site/');
    expect(based('/')).toBe('/docs-site/');
    expect(based('/img/logo.svg', {}, '/')).toBe('/img/logo.svg');
  });

  it('leaves anchors, empty URLs and URLs with a protocol as they are', () => {
    for (const url of ['', '#rules', 'https://example.com/a', '//cdn.example/a.js', 'mailto:team@arena.example', 'pathname:///raw']) {
      expect(based(url)).toBe(url);
    }
  });

  it('prepends the base even to a based URL with forcePrependBaseUrl, and makes absolute URLs', () => {
    expect(based('/docs-site/x', { forcePrependBaseUrl: true })).toBe('/docs-site/docs-site/x');
    expect(based('/img/a.png', { absolute: true })).toBe('https://arena.example/docs-site/img/a.png');
    expect(based('https://other.example/a', { absolute: true })).toBe('https://other.example/a');
  });

  it('reads the base and url of the page being rendered', () => {
    function Image() {
      const { withBaseUrl } = useBaseUrlUtils();
      return <img src={useBaseUrl('/img/board.png')} data-abs={withBaseUrl('/a', { absolute: true })} alt="" loading="lazy" />;
    }
    expect(renderMdx(<Image />, { site: testSite({ baseUrl: '/arena/', url: 'https://example.org' }) }))
      .toBe('<img src="/arena/img/board.png" data-abs="https://example.org/arena/a" alt="" loading="lazy"/>');
  });
});
