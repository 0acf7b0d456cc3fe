import { cpSync, existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cachedBundleClient, clientBundle } from '../../src/client/bundle-cache.ts';
import { themeKey as bundleKey } from '../../src/render/theme-key.ts';
import { bundleClient } from '../../src/client/bundle-client.ts';
import { CACHE_DIR } from '../../src/util/package-root.ts';
import { loadTheme } from '../../src/render/load-theme.ts';
import { copyFixture, type SiteCopy } from '../helpers/copy-fixture.ts';

// Issue 17: a warm build takes the client bundle from the cache when nothing it is made from
// changed; a change to the site's theme overrides makes a new one.

let site: SiteCopy | undefined;
const made: string[] = [];
const cacheFile = (root: string) => {
  const file = path.join(CACHE_DIR, 'client', `${bundleKey(root)}.v8`);
  made.push(file);
  return file;
};

afterEach(() => {
  for (const file of made.splice(0)) rmSync(file, { force: true });
  if (!site) return;
  site.cleanup();
  site = undefined;
});

const summary = (a: Awaited<ReturnType<typeof bundleClient>>) => ({
  script: a.script, stylesheet: a.stylesheet, preload: a.preload,
  files: a.files.map((f) => [f.path, Buffer.from(f.contents).toString('base64')]),
});

describe('the client bundle cache', () => {
  it('gives back what bundling gives, and bundles again when a theme override changes', async () => {
    site = copyFixture('core-theme');
    const first = await cachedBundleClient({ siteRoot: site.root });
    expect(existsSync(cacheFile(site.root))).toBe(true);
    const again = await cachedBundleClient({ siteRoot: site.root });
    expect(summary(again)).toEqual(summary(first));
    expect(summary(first)).toEqual(summary(await bundleClient({ siteRoot: site.root })));

    const before = bundleKey(site.root);
    site.write('theme/docs/version-note.tsx', site.read('theme/docs/version-note.tsx').replace('Fixture theme', 'Fixture theme, edited'));
    expect(bundleKey(site.root)).not.toBe(before);
    const changed = await cachedBundleClient({ siteRoot: site.root });
    expect(existsSync(cacheFile(site.root))).toBe(true);
    const text = (a: typeof first) => a.files.map((f) => Buffer.from(f.contents).toString()).join('\n');
    expect(text(first)).not.toContain('Fixture theme, edited');
    expect(text(changed)).toContain('Fixture theme, edited');
  });

  it('reuses the server theme made from the same files, and makes a new one when they change', async () => {
    site = copyFixture('core-theme');
    const serverFile = () => {
      const file = path.join(CACHE_DIR, `server-theme-${bundleKey(site!.root)}.mjs`);
      made.push(file);
      return file;
    };
    await loadTheme({ siteRoot: site.root, cache: true });
    const first = serverFile();
    expect(existsSync(first)).toBe(true);
    const mtime = statSync(first).mtimeMs;
    await loadTheme({ siteRoot: site.root, cache: true });
    expect(statSync(first).mtimeMs).toBe(mtime);
    site.write('theme/docs/version-note.tsx', site.read('theme/docs/version-note.tsx').replace('Fixture theme', 'Fixture theme, edited'));
    await loadTheme({ siteRoot: site.root, cache: true });
    const second = serverFile();
    expect(second).not.toBe(first);
    expect(readFileSync(second, 'utf8')).toContain('Fixture theme, edited');
  });

  it('makes the same bundles for every site without theme overrides, wherever it is, and one per process', async () => {
    site = copyFixture('core-site');
    // The same site two folders deeper: every path from it to the theme is different.
    const deeper = path.join(path.dirname(site.root), `deeper-${path.basename(site.root)}`, 'one', 'two');
    cpSync(site.root, deeper, { recursive: true });
    try {
      expect(bundleKey(deeper)).toBe(bundleKey(site.root));
      const names = (a: Awaited<ReturnType<typeof bundleClient>>) => a.files.map((f) => f.path).sort();
      const [here, there] = await Promise.all([bundleClient({ siteRoot: site.root }), bundleClient({ siteRoot: deeper })]);
      expect(names(there)).toEqual(names(here));
      expect(summary(there)).toEqual(summary(here));
      // A second site with the same theme takes the bundle this process made for the first.
      expect(clientBundle({ siteRoot: deeper }, false)).toBe(clientBundle({ siteRoot: site.root }, false));
      // A site with overrides has bundles of its own, made from its folder.
      const own = copyFixture('core-theme');
      try {
        expect(bundleKey(own.root)).not.toBe(bundleKey(site.root));
        const ownBundle = clientBundle({ siteRoot: own.root }, false);
        expect(ownBundle).not.toBe(clientBundle({ siteRoot: site.root }, false));
        expect(names(await ownBundle)).not.toEqual(names(here));
      } finally {
        own.cleanup();
      }
    } finally {
      rmSync(path.dirname(path.dirname(deeper)), { recursive: true, force: true });
    }
  });
});
