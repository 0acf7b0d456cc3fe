import { describe, expect, it } from 'vitest';
import { siteConfigSchema, type SiteConfigInput } from '../../src/config/schema.ts';
import type { PageData, PostSource, SidebarItem } from '../../src/model.ts';
import { PAGE_DATA_FILES_UP_TO } from '../../src/page-model.ts';
import { dataFile } from '../../src/render/render-pages.ts';
import type { LogoSvgs } from '../../src/content/load-logos.ts';
import { createSiteData } from '../../src/render/site-data.ts';

const config = (over: Partial<SiteConfigInput> = {}) => siteConfigSchema.parse({ title: 'Arena', url: 'https://arena.example', ...over });
const sidebar: SidebarItem[] = [
  { type: 'html', value: '<hr>' },
  { type: 'link', label: 'Elsewhere', href: '/elsewhere' },
  { type: 'category', label: 'Guides', collapsed: false, collapsible: true, items: [{ type: 'link', label: 'Setup', href: '/docs/setup', docId: 'setup' }] },
];
const data = (options: { config?: ReturnType<typeof config>; routes: string[]; sidebars?: Record<string, SidebarItem[]>; posts?: PostSource[]; sidebarUrls?: Record<string, string>; sidebarSkeletonUrls?: Record<string, string>; logos?: LogoSvgs }) =>
  createSiteData({ config: options.config ?? config(), sidebars: options.sidebars ?? { main: sidebar }, posts: options.posts ?? [], routes: new Set(options.routes), sidebarUrls: options.sidebarUrls, sidebarSkeletonUrls: options.sidebarSkeletonUrls, logos: options.logos });

describe('createSiteData: where the navbar brand links', () => {
  it('leaves the brand to `/` when `/` is a page', () => {
    expect(data({ routes: ['/', '/docs'] }).navbar).not.toHaveProperty('brandHref');
  });

  it('links the docs home when `/` is not a page', () => {
    expect(data({ config: config({ docs: { routeBasePath: '/docs' } }), routes: ['/docs', '/docs/setup'] }).navbar.brandHref).toBe('/docs');
  });

  it("else the sidebar's first doc of its own (not a plain link), else nothing", () => {
    expect(data({ config: config({ docs: { routeBasePath: '/docs' } }), routes: ['/docs/setup', '/elsewhere'] }).navbar.brandHref).toBe('/docs/setup');
    expect(data({ config: config({ docs: { routeBasePath: '/docs' } }), routes: ['/elsewhere'] }).navbar.brandHref).toBeNull();
  });
});

describe('createSiteData', () => {
  it('gives each page a data file up to PAGE_DATA_FILES_UP_TO pages, and none on bigger sites', () => {
    const routes = (n: number) => Array.from({ length: n }, (_, i) => `/p${i}`);
    expect(data({ routes: routes(3) }).pageDataFiles).toBe(true);
    expect(data({ routes: routes(PAGE_DATA_FILES_UP_TO) }).pageDataFiles).toBe(true);
    expect(data({ routes: routes(PAGE_DATA_FILES_UP_TO + 1) }).pageDataFiles).toBe(false);
    const page = { type: 'doc', route: '/a/b' } as PageData;
    expect(dataFile(page, { pageDataFiles: true })).toBe('_pages/a/b.json');
    expect(dataFile({ ...page, route: '/' } as PageData, { pageDataFiles: true })).toBe('_pages/index.json');
    expect(dataFile(page, { pageDataFiles: false })).toBeUndefined();
    expect(dataFile({ ...page, type: 'not-found' } as PageData, { pageDataFiles: true })).toBeUndefined();
  });

  it('marks navbar and footer links to other sites as external', () => {
    const site = data({
      config: config({ navbar: { items: [{ label: 'Docs', to: '/docs', activeBasePath: '/docs' }, { label: 'GitHub', href: 'https://github.example' }] }, footer: { links: [{ title: 'More', items: [{ label: 'Blog', to: '/blog' }] }] } }),
      routes: ['/'],
    });
    expect(site.navbar.items).toEqual([
      { label: 'Docs', href: '/docs', external: false, activeBasePath: '/docs' },
      { label: 'GitHub', href: 'https://github.example', external: true },
    ]);
    expect(site.footer.links).toEqual([{ title: 'More', items: [{ label: 'Blog', href: '/blog', external: false, activeBasePath: undefined }] }]);
  });

  it('names the sidebar files of a big site and leaves out a sidebar whose skeleton is a file', () => {
    const plain = data({ routes: ['/'], sidebarUrls: {} });
    expect(plain).not.toHaveProperty('sidebarUrls');
    expect(plain).not.toHaveProperty('sidebarSkeletonUrls');
    expect(plain.sidebars).toEqual({ main: sidebar });
    const big = data({ routes: ['/'], sidebars: { main: sidebar, other: [] }, sidebarUrls: { main: '/_chunks/sidebar.a.json' }, sidebarSkeletonUrls: { main: '/_chunks/sidebar.a.skeleton.json' } });
    expect(big.sidebars).toEqual({ other: [] });
    expect(big.sidebarUrls).toEqual({ main: '/_chunks/sidebar.a.json' });
    expect(big.sidebarSkeletonUrls).toEqual({ main: '/_chunks/sidebar.a.skeleton.json' });
  });

  it("carries the markup of each logo file that can be inlined, and only of the logo's own files", () => {
    const svg = { attributes: { viewBox: '0 0 1 1' }, inner: '<circle r="1"/>' };
    const logo = { alt: 'Arena', src: '/img/logo.svg', srcDark: '/img/logo-dark.svg' };
    expect(data({ config: config({ navbar: { logo } }), routes: ['/'], logos: { light: { svg, aspectRatio: 1 }, dark: { reason: 'it has a <style>', aspectRatio: 1 } } }).navbar.logo)
      .toEqual({ ...logo, svg });
    expect(data({ config: config({ navbar: { logo: { alt: 'Arena', src: '/img/logo.svg' } } }), routes: ['/'], logos: { light: { svg }, dark: { svg } } }).navbar.logo)
      .toEqual({ alt: 'Arena', src: '/img/logo.svg', svg });
    expect(data({ config: config({ navbar: { logo } }), routes: ['/'] }).navbar.logo).toEqual(logo);
    // Docusaurus's `img/logo.svg` is a path from the site's root (useBaseUrl), not from the page.
    expect(data({ config: config({ navbar: { logo: { alt: 'A', src: 'img/logo.svg', srcDark: 'https://cdn.example/logo.svg' } } }), routes: ['/'] }).navbar.logo)
      .toEqual({ alt: 'A', src: '/img/logo.svg', srcDark: 'https://cdn.example/logo.svg' });
  });

  it('gives a logo that is not square its width at the 32 px height', () => {
    const logo = { alt: 'Arena', src: '/img/wordmark.svg', srcDark: '/img/wordmark-dark.svg' };
    const widths = (light?: number, dark?: number) => {
      const { width, widthDark } = data({ config: config({ navbar: { logo } }), routes: ['/'], logos: { light: { reason: 'x', aspectRatio: light }, dark: { reason: 'x', aspectRatio: dark } } }).navbar.logo!;
      return [width, widthDark];
    };
    expect(widths(2.5, 0.5)).toEqual([80, 16]);
    expect(widths(1, undefined)).toEqual([undefined, undefined]);
    expect(widths(20, 0.01)).toEqual([640, 1]);
  });

  it('lists `blog.sidebarCount` recent posts', () => {
    const posts = [3, 2, 1].map((n) => ({ title: `P${n}`, route: `/blog/p${n}` }) as PostSource);
    expect(data({ config: config({ blog: { sidebarCount: 2 } }), routes: ['/'], posts }).blogSidebar).toEqual({ title: 'Recent posts', posts: [{ title: 'P3', route: '/blog/p3' }, { title: 'P2', route: '/blog/p2' }] });
    expect(data({ routes: ['/'], posts }).blogSidebar.posts).toEqual([]);
  });

  it("gives the hosted search its default host, the search page's path without a slash, and the issues URL", () => {
    const site = data({ config: config({ repoUrl: 'https://git.example/arena/', search: { provider: 'hosted', appId: 'APP', apiKey: 'k', indexName: 'docs', searchPagePath: '/find' } }), routes: ['/'] });
    expect(site.search).toEqual({ provider: 'hosted', searchPagePath: 'find', contextualSearch: true, hosted: { appId: 'APP', apiKey: 'k', indexName: 'docs', host: 'https://APP-dsn.algolia.net' } });
    expect(site.issuesUrl).toBe('https://git.example/arena/issues');
    const local = data({ routes: ['/'] });
    expect(local.search).toEqual({ provider: 'local', searchPagePath: 'search', contextualSearch: true, hosted: undefined });
    expect(local.issuesUrl).toBeUndefined();
    expect(local.pageStylesheets).toBeUndefined();
  });
});
