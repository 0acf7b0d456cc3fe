import { describe, expect, it } from 'vitest';
import { checkLinksCached } from '../../src/links/check-links-cached.ts';
import { checkLinks, type LinkedPage } from '../../src/links/check-links.ts';
import type { Severity } from '../../src/diagnostics/diagnostic.ts';

const page = (route: string, options: Partial<LinkedPage> = {}): LinkedPage => ({ route, source: `content/docs${route}.md`, hrefs: [], ids: new Set(), ...options });
const files = new Set<string>();
/** What a full check of `pages` finds, in the words of checkLinks (whatever they are). */
const fresh = (pages: LinkedPage[], severity: Severity = 'error') => checkLinks({ pages, files, severity });
/** The routes of the pages a result reports. */
const reported = (result: { diagnostics: { file: string }[] }) => result.diagnostics.map((d) => d.file);

// Whether a page was checked again is seen by changing its links behind the cache's back: a page
// the cache trusts keeps its earlier result.
describe('checkLinksCached', () => {
  it('checks every page the first time, as checkLinks does', () => {
    const pages = [page('/a', { hrefs: ['/nowhere'] }), page('/b', { hrefs: ['/a'] })];
    const result = checkLinksCached({ pages, files, severity: 'error' });
    expect(result.diagnostics).toHaveLength(1);
    expect(result.diagnostics).toEqual(fresh(pages));
  });

  it('keeps the result of a page it checked before, and checks a page rendered again (a new object)', () => {
    const a = page('/a');
    const b = page('/b');
    const first = checkLinksCached({ pages: [a, b], files, severity: 'error' });
    a.hrefs = ['/nowhere'];
    expect(checkLinksCached({ pages: [a, b], files, severity: 'error', previous: first.cache }).diagnostics).toEqual([]);
    const again = [page('/a', { hrefs: ['/nowhere'] }), b];
    const rendered = checkLinksCached({ pages: again, files, severity: 'error', previous: first.cache });
    expect(rendered.diagnostics).toHaveLength(1);
    expect(rendered.diagnostics).toEqual(fresh(again));
  });

  it('checks again the pages with a #fragment link into a page whose ids changed, its own included', () => {
    const target = page('/t', { ids: new Set(['old']), hrefs: ['#old'] });
    const into = page('/into', { hrefs: ['/t#old'] });
    const relative = page('/rel', { hrefs: ['t#old'] });
    const elsewhere = page('/else', { hrefs: ['/t'] });
    const first = checkLinksCached({ pages: [target, into, relative, elsewhere], files, severity: 'warning' });
    expect(first.diagnostics).toEqual([]);
    // Behind the cache's back, the page that links no fragment gets a broken link: it stays trusted.
    elsewhere.hrefs = ['/t', '/gone'];
    // The target's ids change (same object: not rendered again, its ids compared with the last check's).
    target.ids = new Set(['new']);
    const second = checkLinksCached({ pages: [target, into, relative, elsewhere], files, severity: 'warning', previous: first.cache });
    const expected = fresh([target, into, relative, page('/else', { hrefs: ['/t'] })], 'warning');
    expect(expected).toHaveLength(3);
    expect(second.diagnostics).toEqual(expected);
  });

  it('checks everything again when the routes, the files or the severity change', () => {
    const a = page('/a');
    const first = checkLinksCached({ pages: [a], files, severity: 'error' });
    a.hrefs = ['/nowhere'];
    expect(reported(checkLinksCached({ pages: [a], files, severity: 'error', previous: first.cache }))).toEqual([]);
    expect(reported(checkLinksCached({ pages: [a, page('/new')], files, severity: 'error', previous: first.cache }))).toHaveLength(1);
    expect(reported(checkLinksCached({ pages: [a], files: new Set(['/img/x.png']), severity: 'error', previous: first.cache }))).toHaveLength(1);
    expect(checkLinksCached({ pages: [a], files, severity: 'warning', previous: first.cache }).diagnostics.map((d) => d.severity)).toEqual(['warning']);
  });
});
