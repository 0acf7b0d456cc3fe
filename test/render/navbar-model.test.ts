import { describe, expect, it } from 'vitest';
import { navbarLinks } from '../../src/navbar-model.ts';
import { contentRoots } from '../../src/config/content-roots.ts';
import { resolveConfig } from '../../src/config/load-config.ts';

describe('navbarLinks', () => {
  it('lists a menu\'s links in its place and leaves raw HTML out', () => {
    const a = { label: 'A', href: '/a', external: false };
    const b = { label: 'B', href: '/b', external: false };
    const c = { label: 'C', href: 'https://c.example', external: true };
    expect(navbarLinks([a, { html: '<b>x</b>' }, { label: 'More', items: [b, c] }])).toEqual([a, b, c]);
  });
});

describe('contentRoots', () => {
  it('lists the docs folder, each further docs instance\'s, then the blog\'s', () => {
    const config = resolveConfig({
      title: 'T', url: 'https://t.example',
      docsInstances: [{ id: 'community', path: 'community', routeBasePath: '/community' }],
    });
    expect(contentRoots(config)).toEqual(['content/docs', 'community', 'content/blog']);
  });

  it('refuses two docs instances with one id, and the id `default`', () => {
    const instance = (id: string) => ({ id, path: id, routeBasePath: `/${id}` });
    expect(() => resolveConfig({ title: 'T', url: 'https://t.example', docsInstances: [instance('crew'), instance('crew')] })).toThrow(/docsInstances: expected each docs instance to have an id of its own/);
    expect(() => resolveConfig({ title: 'T', url: 'https://t.example', docsInstances: [instance('default')] })).toThrow(/docsInstances\[0\]\.id: `default` is the id of `docs`/);
  });
});
