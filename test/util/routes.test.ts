import { describe, expect, it } from 'vitest';
import { siteConfigSchema } from '../../src/config/schema.ts';
import { feedPaths, joinRoute, pathToRoute, routeToFile } from '../../src/util/routes.ts';

const config = (blog: object = {}) => siteConfigSchema.parse({ title: 'T', url: 'https://t.example', blog });

describe('joinRoute', () => {
  it.each([
    [['/docs', 'guide'], '/docs/guide'],
    [['docs/', '/guide/'], '/docs/guide'],
    [['/', '/'], '/'],
    [[''], '/'],
    [['/', 'blog', '', 'rss.xml'], '/blog/rss.xml'],
    [['a//b', 'c'], '/a/b/c'],
  ])('joins %j into %s', (parts, route) => {
    expect(joinRoute(...parts)).toBe(route);
  });
});

describe('routeToFile and pathToRoute', () => {
  it('writes `/` as index.html and other routes as <route>.html', () => {
    expect(routeToFile('/')).toBe('index.html');
    expect(routeToFile('/guide/setup')).toBe('guide/setup.html');
  });

  it.each([
    ['/guide/', '/guide'],
    ['/guide.html', '/guide'],
    ['/guide/index.html', '/guide'],
    ['/index.html', '/'],
    ['/', '/'],
    ['/guide', '/guide'],
    ['/a.b/c', '/a.b/c'],
  ])('reads the path %s as the route %s', (path, route) => {
    expect(pathToRoute(path)).toBe(route);
  });

  it('inverts routeToFile', () => {
    for (const route of ['/', '/guide', '/a/b/c']) expect(pathToRoute(`/${routeToFile(route)}`)).toBe(route);
  });
});

describe('feedPaths', () => {
  it('names the feeds the blog settings build, under blog.routeBasePath', () => {
    expect(feedPaths(config({ feedOptions: { type: 'all' } }))).toEqual({ rss: '/blog/rss.xml', atom: '/blog/atom.xml' });
    expect(feedPaths(config({ routeBasePath: '/news', feedOptions: { type: 'atom' } }))).toEqual({ rss: undefined, atom: '/news/atom.xml' });
    expect(feedPaths(config({ feedOptions: { type: 'rss' } }))).toEqual({ rss: '/blog/rss.xml', atom: undefined });
  });
});
