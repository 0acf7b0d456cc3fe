import { describe, expect, it } from 'vitest';
import { publicKey, resolveHref } from '../../src/links/resolve-href.ts';

const at = (href: string, options: { pageRoute?: string; baseUrl?: string; siteUrl?: string } = {}) =>
  resolveHref({ href, pageRoute: options.pageRoute ?? '/guide/intro', baseUrl: options.baseUrl ?? '/', siteUrl: options.siteUrl });

describe('resolveHref', () => {
  it('resolves relative hrefs as a browser does, a page URL being a file, not a folder', () => {
    expect(at('setup')).toEqual({ kind: 'internal', publicPath: '/guide/setup', path: '/guide/setup', route: '/guide/setup', hash: '' });
    expect(at('../rules#food')).toEqual({ kind: 'internal', publicPath: '/rules', path: '/rules', route: '/rules', hash: 'food' });
    expect(at('#top')).toMatchObject({ route: '/guide/intro', hash: 'top' });
  });

  it('reads /x/, /x.html and /x/index.html as the route /x, and decodes path and fragment', () => {
    expect(at('/api/index.html')).toMatchObject({ route: '/api', path: '/api/index.html' });
    expect(at('/api/')).toMatchObject({ route: '/api' });
    expect(at('/caf%C3%A9#r%C3%A9sum%C3%A9')).toMatchObject({ path: '/café', hash: 'résumé' });
    // A malformed escape is kept as written.
    expect(at('/100%zz')).toMatchObject({ path: '/100%zz' });
  });

  it('takes the base off, whether the author wrote it or not', () => {
    expect(at('/docs-site/rules', { baseUrl: '/docs-site/' })).toMatchObject({ publicPath: '/docs-site/rules', path: '/rules', route: '/rules' });
    // Written without it, the browser asks for `/rules`: outside the base, the path is kept.
    expect(at('/rules', { baseUrl: '/docs-site/' })).toMatchObject({ publicPath: '/rules', path: '/rules', route: '/rules' });
    expect(at('setup', { baseUrl: '/docs-site/' })).toMatchObject({ publicPath: '/docs-site/guide/setup', route: '/guide/setup' });
  });

  it("counts the site's own canonical URLs under the base as internal, others of the host and other schemes as external", () => {
    const siteUrl = 'https://arena.example';
    expect(at('https://arena.example/docs-site/rules#x', { baseUrl: '/docs-site/', siteUrl })).toMatchObject({ kind: 'internal', route: '/rules', hash: 'x' });
    expect(at('https://arena.example/other/page', { baseUrl: '/docs-site/', siteUrl })).toEqual({ kind: 'external', url: 'https://arena.example/other/page' });
    expect(at('https://arena.example', { siteUrl })).toMatchObject({ kind: 'internal', route: '/' });
    // Not the same host, though it starts like it.
    expect(at('https://arena.example.evil/x', { siteUrl })).toEqual({ kind: 'external', url: 'https://arena.example.evil/x' });
    expect(at('mailto:a@b.example')).toEqual({ kind: 'external', url: 'mailto:a@b.example' });
    expect(at('//cdn.example/x.js')).toEqual({ kind: 'external', url: '//cdn.example/x.js' });
  });
});

describe('publicKey', () => {
  it('is the public route with its fragment, base included', () => {
    const target = at('/docs-site/rules/#food', { baseUrl: '/docs-site/' });
    expect(target?.kind === 'internal' && publicKey(target)).toBe('/docs-site/rules#food');
    const plain = at('/rules.html');
    expect(plain?.kind === 'internal' && publicKey(plain)).toBe('/rules');
  });
});
