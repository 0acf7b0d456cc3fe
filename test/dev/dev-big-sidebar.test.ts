import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDevSession, type DevSession } from '../../src/dev/dev-session.ts';
import { OutputStore } from '../../src/dev/output-store.ts';
import type { SiteData } from '../../src/model.ts';
import { writeBigSidebarSite, type BigSidebarSite } from '../helpers/big-sidebar-site.ts';
import { inlineData } from '../helpers/helpers.ts';

// Dev on a site whose sidebar is split (docs.sidebarInlineLimit): a title edit inside a
// collapsed category changes only the full sidebar file and one branch, yet every page must
// point at the new file, and the pages of that branch show the new title.
let site: BigSidebarSite;
let store: OutputStore;
let session: DevSession;

beforeAll(async () => {
  site = writeBigSidebarSite();
  store = new OutputStore();
  session = createDevSession({ root: site.root, store });
  const outcome = await session.rebuild();
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.diagnostics));
});
afterAll(async () => {
  await session?.close();
  rmSync(site.root, { recursive: true, force: true });
});

function siteData(file: string): SiteData {
  return inlineData<{ site: SiteData }>(store.text(file)!, store).site;
}

describe('dev session on a site with a split sidebar', () => {
  it('after a title edit, every page names the new sidebar file, which has the title', async () => {
    const before = siteData('index.html').sidebarUrls!.main;
    expect(store.text(before.slice(1))).not.toContain('Renamed page');
    const file = 'content/docs/03-gamma/02-group-b/page-05.md';
    writeFileSync(path.join(site.root, file), readFileSync(path.join(site.root, file), 'utf8').replace('title: Gamma Group B page 05', 'title: Renamed page'));
    const outcome = await session.rebuild({ files: [file] });
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.diagnostics));

    const after = siteData('index.html').sidebarUrls!.main;
    expect(after).not.toBe(before);
    expect(store.text(before.slice(1))).toBeUndefined();
    expect(store.text(after.slice(1))).toContain('"label":"Renamed page"');
    for (const page of ['alpha/group-a/page-01.html', 'delta/delta-notes-1.html', 'gamma.html']) expect(siteData(page).sidebarUrls!.main).toBe(after);
    // A page of the edited branch renders the new label in its sidebar; one elsewhere does not carry it.
    expect(store.text('gamma/group-b/page-01.html')).toContain('>Renamed page</a>');
    expect(store.text('alpha/group-a/page-01.html')).not.toContain('Renamed page');
  });
});
