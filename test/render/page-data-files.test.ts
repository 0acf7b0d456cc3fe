import { readFileSync, rmSync, statSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../src/build/build-site.ts';
import { silentLogger } from '../../src/diagnostics/logger.ts';
import { spareFolder } from '../../src/site/output-folder.ts';
import type { PageDataFile } from '../../src/model.ts';
import { routeToDataFile } from '../../src/util/routes.ts';
import { buildInMemory } from '../helpers/build-helpers.ts';
import { copyFixture, type SiteCopy } from '../helpers/copy-fixture.ts';
import { fixture, inlineData } from '../helpers/helpers.ts';

// Issue 41 › 4: a client navigation fetches the target's data file (`_pages/<route>.json`), not
// its whole HTML. The file must say everything the HTML tells client navigation: the page's
// data, its article (or its excerpts), its page scripts and the theme's stylesheets it links.

/** What client navigation used to read from a page's HTML (its data with the article put back, scripts, sheets). */
function fromHtml(html: string): Omit<PageDataFile, 'key'> {
  const { page } = inlineData<{ page: PageDataFile['page'] }>(html);
  return {
    page,
    scripts: [...html.matchAll(/<script type="module" src="([^"]+)" data-page-script>/g)].map((m) => m[1]!),
    sheets: [...html.matchAll(/<link rel="stylesheet" href="([^"]+)" data-theme-css>/g)].map((m) => m[1]!),
  };
}

describe('page data files', () => {
  it.each(['core-site', 'react-pages-site', 'base-url-site'])('%s: every page but the 404 has one, telling what its HTML tells', async (name) => {
    const { out } = await buildInMemory(fixture(name));
    const pages = [...out.files.keys()].filter((f) => f.endsWith('.html') && out.text(f)!.includes('id="__sitegen"'));
    expect(pages.length).toBeGreaterThan(3);
    let withScripts = 0;
    for (const file of pages) {
      const html = out.text(file)!;
      const expected = fromHtml(html);
      const dataFile = expected.page.type === 'not-found' ? undefined : routeToDataFile(expected.page.route);
      if (!dataFile) {
        expect(file).toBe('404.html');
        continue;
      }
      const text = out.text(dataFile);
      expect(text, `${dataFile} for ${file}`).toBeDefined();
      const data = JSON.parse(text!) as PageDataFile;
      // The page's key first, as in the HTML's generator tag (a later build keeps both by it).
      expect(text!.startsWith(`{"key":"${/data-page-key="([^"]+)"/.exec(html)![1]}"`)).toBe(true);
      expect(data.scripts).toEqual(expected.scripts);
      expect(data.sheets).toEqual(expected.sheets);
      withScripts += data.scripts.length;
      // The article (or the excerpts) the HTML holds as markup, and everything else as inlined.
      const { page } = data;
      if (page.type === 'doc' || page.type === 'blog-post' || page.type === 'page') {
        expect(page.contentHtml, file).toBeTruthy();
        expect(html).toContain(`data-raw="content">${page.contentHtml}</`);
        expect({ ...page, contentHtml: null }).toEqual(expected.page);
      } else if (page.type === 'blog-list') {
        page.posts.forEach((post, i) => expect(html).toContain(`data-raw="excerpt-${i}">${post.excerptHtml}</`));
        expect({ ...page, posts: page.posts.map((p) => ({ ...p, excerptHtml: null })) }).toEqual(expected.page);
      } else {
        expect(page).toEqual(expected.page);
      }
    }
    // The fixture with tabs names the tabs script in the data file of the page that has them.
    if (name === 'react-pages-site') expect(withScripts).toBeGreaterThan(0);
  });

  describe('kept by a later build', () => {
    let copy: SiteCopy | undefined;
    afterAll(() => {
      if (!copy) return;
      rmSync(spareFolder(path.join(copy.root, 'build')), { recursive: true, force: true });
      copy.cleanup();
    });

    it('keeps a data file made from the same inputs, and writes one that went missing', async () => {
      copy = copyFixture('core-site');
      const build = () => buildSite({ root: copy!.root, logger: silentLogger, cache: true });
      const outDir = path.join(copy.root, 'build');
      const rel = routeToDataFile('/basics/guide');
      const dataFile = path.join(outDir, rel);
      await build();
      const first = readFileSync(dataFile, 'utf8');
      const firstInode = statSync(dataFile).ino;

      // Nothing changed: the build after next writes over the first one's folder and keeps the
      // file there as it is (the same inode), as it keeps the page.
      await build();
      await build();
      expect(readFileSync(dataFile, 'utf8')).toBe(first);
      expect(statSync(dataFile).ino).toBe(firstInode);

      // The data file alone went missing (from the output and from the folder the next build
      // writes over): the page is kept, its data file written again, the same.
      unlinkSync(dataFile);
      rmSync(path.join(spareFolder(outDir), rel), { force: true });
      await build();
      expect(readFileSync(dataFile, 'utf8')).toBe(first);
    });
  });
});
