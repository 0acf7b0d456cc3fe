import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDevSession, type DevSession, type RebuildOutcome } from '../../src/dev/dev-session.ts';
import { OutputStore } from '../../src/dev/output-store.ts';
import { copyFixture, type SiteCopy } from '../helpers/copy-fixture.ts';

// Issue 30 item 6: an edit to an MDX page, to a partial it imports or to a site component it
// imports updates the page (the session alone; the server adds the watcher and the reload).

let site: SiteCopy | undefined;
let session: DevSession | undefined;
afterEach(async () => {
  await session?.close();
  site?.cleanup();
});

function ok(outcome: RebuildOutcome) {
  if (!outcome.ok) throw new Error(`rebuild failed: ${JSON.stringify(outcome.diagnostics)}`);
  return outcome;
}

function edit(copy: SiteCopy, rel: string, from: string, to: string): void {
  const text = copy.read(rel);
  if (!text.includes(from)) throw new Error(`${rel} does not contain ${JSON.stringify(from)}`);
  copy.write(rel, text.replace(from, to));
}

describe('MDX in dev', () => {
  it('re-renders a page after an edit to it, to its partial and to its component', async () => {
    site = copyFixture('mdx-site');
    const store = new OutputStore();
    session = createDevSession({ root: site.root, store });
    const first = ok(await session.rebuild());
    // Files outside the watched folders that the pages import, for the server to watch.
    expect(first.result.mdxInputs).toContain(path.join(site.root, 'src/components/Figure.jsx'));

    edit(site, 'content/docs/components.mdx', 'A page written in MDX', 'A page edited in MDX');
    const page = ok(await session.rebuild({ files: ['content/docs/components.mdx'] }));
    expect(page.inPlace).toBe(true);
    expect(store.text('components.html')).toContain('A page edited in MDX');

    edit(site, 'content/docs/_shared.mdx', 'rendered in place', 'edited in place');
    ok(await session.rebuild({ files: ['content/docs/_shared.mdx'] }));
    expect(store.text('components.html')).toContain('edited in place');

    edit(site, 'src/components/Figure.jsx', '<figcaption>', '<figcaption className="edited">');
    ok(await session.rebuild({ files: ['src/components/Figure.jsx'] }));
    expect(store.text('components.html')).toContain('<figcaption class="edited">The arena logo</figcaption>');
  });
});
