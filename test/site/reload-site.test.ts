import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPolicy, devPolicy } from '../../src/site/build-policy.ts';
import { loadSite, type Site } from '../../src/site/load-site.ts';
import { reloadSite } from '../../src/site/reload-site.ts';
import { copyFixture, type SiteCopy } from '../helpers/copy-fixture.ts';

/**
 * Dev reloads only the files that changed; a build walks every folder. Both go through the
 * collectors' one dispatch, draft rule and order, so after any edit the two must agree exactly.
 */
const policies = { build: buildPolicy(), dev: devPolicy() };

describe('reloadSite', () => {
  let copy: SiteCopy;
  beforeAll(() => {
    copy = copyFixture('core-site', { withTheme: false });
  });
  afterAll(() => copy.cleanup());

  /** Applies `edit`, then checks a file-by-file reload against a full load, in both modes. */
  async function expectSameAsLoad(changed: string[], edit: () => void): Promise<Site & { before: Site }> {
    const before = { build: await loadSite({ root: copy.root, policy: policies.build }), dev: await loadSite({ root: copy.root, policy: policies.dev }) };
    edit();
    let reloadedDev: Site | undefined;
    for (const mode of ['build', 'dev'] as const) {
      const reloaded = await reloadSite({ site: before[mode], changed, policy: policies[mode] });
      const loaded = await loadSite({ root: copy.root, policy: policies[mode] });
      expect(reloaded.docs, mode).toEqual(loaded.docs);
      expect(reloaded.categories, mode).toEqual(loaded.categories);
      expect(reloaded.posts, mode).toEqual(loaded.posts);
      expect(sorted(reloaded.diagnostics), mode).toEqual(sorted(loaded.diagnostics));
      if (mode === 'dev') reloadedDev = reloaded;
    }
    return { ...reloadedDev!, before: before.dev };
  }

  it('agrees with a full load when a doc is edited, and keeps the others as they were', async () => {
    const site = await expectSameAsLoad(['content/docs/01-basics/02-guide.md'], () => {
      copy.write('content/docs/01-basics/02-guide.md', '---\ntitle: Guide, edited\n---\n\nNew text.\n');
    });
    expect(site.docs.find((d) => d.file.endsWith('02-guide.md'))?.title).toBe('Guide, edited');
    const untouched = site.docs.find((d) => d.file.endsWith('01-install.md'));
    expect(untouched).toBe(site.before.docs.find((d) => d.file.endsWith('01-install.md')));
  });

  it('agrees when a doc is added, another removed, and a category changes', async () => {
    const site = await expectSameAsLoad(['content/docs/02-reference/new.md', 'content/docs/03-extra/more.md', 'content/docs/01-basics/_category_.json'], () => {
      copy.write('content/docs/02-reference/new.md', '# New page\n\nHello.\n');
      copy.remove('content/docs/03-extra/more.md');
      copy.write('content/docs/01-basics/_category_.json', '{ "label": "The basics", "position": 5 }\n');
    });
    expect(site.docs.some((d) => d.file.endsWith('new.md'))).toBe(true);
    expect(site.docs.some((d) => d.file.endsWith('more.md'))).toBe(false);
    expect(site.categories.find((c) => c.file?.endsWith('01-basics/_category_.json'))?.label).toBe('The basics');
  });

  it('agrees when a post becomes a draft (left out of a build, kept in dev) and when one breaks', async () => {
    const site = await expectSameAsLoad(['content/blog/2021-02-10-post-2.md', 'content/blog/2021-03-10-post-3.md'], () => {
      copy.write('content/blog/2021-02-10-post-2.md', '---\ntitle: Now a draft\ndraft: true\n---\n\nNot yet.\n');
      copy.write('content/blog/2021-03-10-post-3.md', '---\ntitle: [unclosed\n---\n\nBroken.\n');
    });
    expect(site.posts.find((p) => p.file.endsWith('post-2.md'))?.draft).toBe(true);
    expect(site.posts.some((p) => p.file.endsWith('post-3.md'))).toBe(false);
    expect(site.diagnostics.some((d) => d.file.endsWith('post-3.md') && d.severity === 'error')).toBe(true);
  });

  it('agrees when a broken file is fixed: its old diagnostics go', async () => {
    const site = await expectSameAsLoad(['content/blog/2021-03-10-post-3.md'], () => {
      copy.write('content/blog/2021-03-10-post-3.md', '---\ntitle: Post 3 again\n---\n\nFixed.\n');
    });
    expect(site.diagnostics.filter((d) => d.file.endsWith('post-3.md'))).toEqual([]);
  });

  it('returns the same site for files that are not content', async () => {
    const site = await loadSite({ root: copy.root, policy: policies.dev });
    copy.write('content/docs/_partial.md', 'hidden\n');
    copy.write('content/docs/notes.txt', 'not content\n');
    expect(await reloadSite({ site, changed: ['content/docs/_partial.md', 'content/docs/notes.txt', 'public/img/ann.svg'], policy: policies.dev })).toBe(site);
  });
});

function sorted<T>(list: T[]): T[] {
  return [...list].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

// Issue 30 › 4: the pages folder is read again when one of its files, or a file beside it that
// pages import (src/components), changes.
describe('reloadSite with pages', () => {
  let pages: SiteCopy;
  beforeAll(() => {
    pages = copyFixture('react-pages-site');
  });
  afterAll(() => pages.cleanup());

  it('lists the pages again when a page is added, and loads anew when a component changes', async () => {
    const policy = devPolicy();
    const site = await loadSite({ root: pages.root, policy });
    pages.write('src/pages/charts.tsx', 'export default function Charts() {\n  return <h1>Charts</h1>;\n}\n');
    const added = await reloadSite({ site, changed: ['src/pages/charts.tsx'], policy });
    expect(added.pages.react.map((p) => p.route)).toEqual(['/almanac', '/charts', '/help', '/', '/tide-clock', '/tides']);
    expect(added).not.toBe(site);
    const touched = await reloadSite({ site: added, changed: ['src/components/feature-card.tsx'], policy });
    expect(touched).not.toBe(added);
    expect(touched.pages).toEqual(added.pages);
  });
});
