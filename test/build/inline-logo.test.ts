import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../src/build/build-site.ts';
import { logoFiles } from '../../src/content/load-logos.ts';
import { silentLogger } from '../../src/diagnostics/logger.ts';
import { MemoryWriter } from '../../src/site/writer.ts';
import { buildPolicy } from '../../src/site/build-policy.ts';
import { loadSite } from '../../src/site/load-site.ts';
import { reloadSite } from '../../src/site/reload-site.ts';
import { buildInMemory } from '../helpers/build-helpers.ts';
import { copyFixture, type SiteCopy } from '../helpers/copy-fixture.ts';

// A small, self-contained SVG logo is part of each page's markup: no request, and no image
// document for Chromium to parse and lay out before the page's own first layout. A file that
// would behave differently inside a page stays an image.
const light = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><title id="t">Old title</title><defs><linearGradient id="g"/></defs><rect width="8" height="8" fill="url(#g)"/></svg>\n';
const dark = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 8"><style>rect { fill: white }</style><rect width="20" height="8"/></svg>\n';

describe('the navbar logo', () => {
  let copy: SiteCopy;
  beforeAll(() => {
    copy = copyFixture('core-site', { withTheme: false });
    copy.write('public/img/logo.svg', light);
    copy.write('public/img/logo-dark.svg', dark);
    copy.write('site.config.ts', copy.read('site.config.ts').replace("navbar: { title: 'Fixture',", "navbar: { title: 'Fixture', logo: { alt: 'Fixture logo', src: '/img/logo.svg', srcDark: 'img/logo-dark.svg' },"));
  });
  afterAll(() => copy.cleanup());

  it('is inlined when the file can be, with its ids prefixed, and stays an image otherwise', async () => {
    const { out, result } = await buildInMemory(copy.root);
    expect(result.diagnostics).toEqual([]);
    const html = out.text('basics/guide.html')!;
    const brand = /<a class="navbar-brand"[\s\S]*?<\/a>/.exec(html)![0];
    expect(brand).toContain('<svg viewBox="0 0 8 8" class="logo logo-light" width="32" height="32" role="img" aria-label="Fixture logo"><defs><linearGradient id="logo-l-g"/></defs><rect width="8" height="8" fill="url(#logo-l-g)"/></svg>');
    expect(brand).not.toContain('Old title');
    // A wordmark (20 × 8) is 32 px high and as wide as its shape: 80 px.
    expect(brand).toContain('<img class="logo logo-dark" src="/img/logo-dark.svg" alt="Fixture logo" width="80" height="32"/>');
    // Nothing fetches the inlined file; the other is still preloaded as the image it is.
    expect(html).not.toMatch(/<link[^>]*href="\/img\/logo\.svg"/);
    expect(html).toMatch(/<link rel="preload" as="image" href="\/img\/logo-dark\.svg"\/>/);
    // Both files are still served.
    expect([...out.files.keys()]).toEqual(expect.arrayContaining(['img/logo.svg', 'img/logo-dark.svg']));
  });

  it('says in the verbose log why a file stays an image', async () => {
    const details: string[] = [];
    await buildSite({ root: copy.root, writer: new MemoryWriter(), logger: { ...silentLogger, detail: (m) => details.push(m) } });
    expect(details.filter((m) => m.includes('navbar logo'))).toEqual(['    navbar logo (dark) shown as an <img>, not inlined: it has a <style> element']);
  });

  it("is read again in dev when one of the logo's files changes", async () => {
    const policy = buildPolicy();
    const site = await loadSite({ root: copy.root, policy });
    copy.write('public/img/logo-dark.svg', '<svg viewBox="0 0 8 8"><circle r="4"/></svg>');
    const reloaded = await reloadSite({ site, changed: ['public/img/logo-dark.svg'], policy });
    expect(reloaded.logos.dark).toEqual({ svg: { attributes: { viewBox: '0 0 8 8' }, inner: '<circle r="4"/>' }, aspectRatio: 1 });
    expect(await reloadSite({ site: reloaded, changed: ['public/img/other.svg'], policy })).toBe(reloaded);
    // Named as the watcher names files, however the config spells the path; other sites' files are not read.
    const logo = (src: string, srcDark?: string) => logoFiles({ navbar: { logo: { alt: 'A', src, srcDark } } } as Parameters<typeof logoFiles>[0]);
    expect(logo('./img//logo.svg', '/img/a/../logo%20dark.svg?v=2')).toEqual({ light: 'public/img/logo.svg', dark: 'public/img/logo dark.svg' });
    expect(logo('https://cdn.example/logo.svg', 'img/logo.png')).toEqual({ light: undefined, dark: undefined });
  });
});
