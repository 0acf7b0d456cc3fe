import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bundleClient } from '../../src/client/bundle-client.ts';
import { bundleClientOnThread } from '../../src/client/bundle-thread.ts';
import { SitegenError } from '../../src/diagnostics/sitegen-error.ts';
import { copyFixture, type SiteCopy } from '../helpers/copy-fixture.ts';

// Issue 17: the client is bundled on a worker thread, so that esbuild's calls into our plugins
// do not wait for the Markdown on the main thread. What comes back is what bundling here gives,
// and a theme error keeps its position across the thread.

let site: SiteCopy | undefined;
afterEach(() => {
  site?.cleanup();
  site = undefined;
});

const summary = (a: Awaited<ReturnType<typeof bundleClient>>) => ({
  script: a.script, stylesheet: a.stylesheet, preload: a.preload, inputs: a.inputs,
  files: a.files.map((f) => [f.path, Buffer.from(f.contents).toString('base64')]),
});

describe('bundleClientOnThread', () => {
  it('gives what bundling on this thread gives', async () => {
    site = copyFixture('core-theme');
    const [threaded, here] = await Promise.all([bundleClientOnThread({ siteRoot: site.root }), bundleClient({ siteRoot: site.root })]);
    expect(threaded.files.length).toBeGreaterThan(3);
    expect(summary(threaded)).toEqual(summary(here));
  });

  it('bundles on this thread when the thread dies without an answer', async () => {
    site = copyFixture('core-theme');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sitegen-bundle-thread-'));
    const broken = path.join(dir, 'broken-worker.mjs');
    writeFileSync(broken, "throw new Error('this worker cannot start');\n");
    try {
      const [fallback, here] = await Promise.all([bundleClientOnThread({ siteRoot: site.root }, { entry: broken }), bundleClient({ siteRoot: site.root })]);
      expect(summary(fallback)).toEqual(summary(here));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('fails with the theme file and line of a syntax error, as a SitegenError', async () => {
    site = copyFixture('core-theme');
    site.write('theme/docs/version-note.tsx', `${site.read('theme/docs/version-note.tsx')}\nexport const broken = ;\n`);
    const error = await bundleClientOnThread({ siteRoot: site.root }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SitegenError);
    const [diagnostic] = (error as SitegenError).diagnostics;
    expect(diagnostic).toMatchObject({ file: 'theme/docs/version-note.tsx', severity: 'error', ruleId: 'theme/bundle' });
    expect(diagnostic.line).toBe(site.read('theme/docs/version-note.tsx').split('\n').indexOf('export const broken = ;') + 1);
    expect(diagnostic.message).toMatch(/^Cannot bundle the client bundle: /);
  });
});
