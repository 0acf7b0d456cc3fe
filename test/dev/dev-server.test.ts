import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildSite } from '../../src/build/build-site.ts';
import { silentLogger } from '../../src/diagnostics/logger.ts';
import { MemoryWriter } from '../../src/site/writer.ts';
import { inlineData } from '../helpers/helpers.ts';
import { rawGet } from '../serve/http-helpers.ts';
import { startDevRun, type DevRun } from './dev-helpers.ts';

let dev: DevRun;

// Each test gets a dev server of its own on a fresh copy of the fixture: no test depends on
// another's edits, and one that fails (or a slow machine) cannot cascade into the next.
beforeEach(async () => {
  dev = await startDevRun('dev-site');
});
afterEach(async () => {
  await dev?.stop();
});

const title = (html: string) => /<title>(.*?)<\/title>/.exec(html)?.[1];
const rebuiltLine = (lines: string[]) => lines.find((l) => l.startsWith('↻'))?.replace(/in [\d.]+ m?s/, 'in N ms');

describe('sitegen dev', () => {
  it('builds in memory and serves on 127.0.0.1 with the clean-URL rules of serve', async () => {
    expect(dev.server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(dev.log.some((l) => /^✓ built 12 pages in [\d.]+ m?s$/.test(l))).toBe(true);
    const guide = await dev.get('/guide');
    expect([guide.status, title(guide.text)]).toEqual([200, 'Guide | Dev Fixture']);
    expect(await dev.get('/guide.html')).toMatchObject({ status: 301, location: '/guide' });
    expect(await dev.get('/guide/?x=1')).toMatchObject({ status: 301, location: '/guide?x=1' });
    // fetch would normalise the dots away; send the path raw.
    expect((await rawGet({ url: dev.server.url, path: '/%2e%2e/etc/passwd' })).status).toBe(400);
    const missing = await dev.get('/nope');
    expect([missing.status, title(missing.text)]).toEqual([404, 'Page not found | Dev Fixture']);
    expect((await dev.get('/img/logo.svg')).text).toContain('<svg');
  });

  it('includes drafts', async () => {
    expect((await dev.get('/draft')).status).toBe(200);
  });

  it('injects the live-reload script into served HTML only, never into build output', async () => {
    const served = (await dev.get('/guide')).text;
    expect(served.match(/<script data-sitegen-dev>/g)).toHaveLength(1);
    // Right before the one `</body>`: after the page's own markup and data, which it must not split.
    expect(served.match(/<\/body>/g)).toHaveLength(1);
    expect(served.indexOf('<script data-sitegen-dev>')).toBeGreaterThan(served.indexOf('id="__sitegen"'));
    expect(served).toMatch(/<script data-sitegen-dev>[\s\S]*?<\/script><\/body>/);
    const out = new MemoryWriter();
    await buildSite({ root: dev.site.root, writer: out, logger: silentLogger });
    const html = [...out.files.keys()].filter((f) => f.endsWith('.html')).map((f) => out.text(f)!);
    expect(html.length).toBeGreaterThan(5);
    for (const page of html) expect(page).not.toMatch(/sitegen-dev|__sitegen\/events/);
  });

  it('re-renders only the edited page after a body edit, and updates the open tab in place', async () => {
    dev.newLines();
    const { name } = await dev.edit('content/docs/guide.md', dev.site.read('content/docs/guide.md').replace('Turn left, turn right', 'Turn left, turn right, turn around'));
    // Nothing every page shares changed: the tab swaps in the page's new data, no reload.
    expect(name).toBe('update');
    expect(rebuiltLine(dev.newLines())).toBe('↻ content/docs/guide.md → 1 page in N ms');
    expect((await dev.get('/guide')).text).toContain('turn around');
  });

  it('re-renders the pages listing a doc when its description changes', async () => {
    dev.newLines();
    await dev.edit('content/docs/reference/cli.md', '---\ntitle: CLI\n---\n\nThe command line tool, now with colours.\n');
    // The CLI page itself and the Reference index, which shows each page's description.
    expect(rebuiltLine(dev.newLines())).toBe('↻ content/docs/reference/cli.md → 2 pages in N ms');
    expect((await dev.get('/reference')).text).toContain('now with colours');
  });

  it('re-renders every page when a title in the sidebar changes', async () => {
    dev.newLines();
    const { name } = await dev.edit('content/docs/reference/cli.md', '---\ntitle: Command line\n---\n\nThe command line tool, now with colours.\n');
    // The sidebar is in the site data every page names (by its hash): the tab reloads.
    expect(name).toBe('reload');
    expect(rebuiltLine(dev.newLines())).toBe('↻ content/docs/reference/cli.md → 12 pages in N ms');
    const { siteUrl } = inlineData((await dev.get('/blog')).text);
    expect((await dev.get(siteUrl)).text).toContain('"label":"Command line"');
  });

  it('re-renders pages whose Markdown links to a doc whose route changed', async () => {
    dev.newLines();
    await dev.edit('content/docs/guide.md', dev.site.read('content/docs/guide.md').replace('title: Guide', 'title: Guide\nslug: /handbook'));
    // The footer links to /guide: broken now, which dev reports as a warning.
    const lines = dev.newLines();
    expect(lines[0]).toBe('site.config.ts:9:68  warning  Cannot find page `/guide`  links/missing-page\n  hint: Fix the link, or set `onBrokenLinks` in site.config.ts.');
    expect(rebuiltLine(lines)).toBe('↻ content/docs/guide.md → 12 pages in N ms (1 warning in 1 file)');
    // index.md and reference/api.md link to guide.md: their Markdown was rendered again.
    expect((await dev.get('/')).text).toContain('href="/handbook"');
    expect((await dev.get('/reference/api')).text).toContain('href="/handbook#moves"');
    expect((await dev.get('/guide')).status).toBe(404);
    expect((await dev.get('/handbook')).status).toBe(200);
    // Put the route back: the warning goes away.
    await dev.edit('content/docs/guide.md', dev.site.read('content/docs/guide.md').replace('slug: /handbook\n', ''));
    expect((await dev.get('/guide')).status).toBe(200);
  });

  it('serves a new page and drops a deleted one', async () => {
    await dev.edit('content/docs/reference/new-page.md', '# Brand new\n\nFresh.\n');
    expect(title((await dev.get('/reference/new-page')).text)).toBe('Brand new | Dev Fixture');
    await dev.edit('content/docs/reference/new-page.md', null);
    expect((await dev.get('/reference/new-page')).status).toBe(404);
  });

  it('warns about broken links instead of failing', async () => {
    const original = dev.site.read('content/docs/reference/api.md');
    dev.newLines();
    await dev.edit('content/docs/reference/api.md', '---\ntitle: API\n---\n\nThe HTTP API. See [nothing](/nowhere).\n');
    const lines = dev.newLines();
    expect(lines).toContain('content/docs/reference/api.md:5:19  warning  Cannot find page `/nowhere`  links/missing-page\n  hint: Fix the link, or set `onBrokenLinks` in site.config.ts.');
    // The API page and the Reference index, which shows its (changed) description.
    expect(rebuiltLine(lines)).toBe('↻ content/docs/reference/api.md → 2 pages in N ms (1 warning in 1 file)');
    expect((await dev.get('/reference/api')).text).toContain('href="/nowhere"');
    await dev.edit('content/docs/reference/api.md', original);
    expect(rebuiltLine(dev.newLines())).toBe('↻ content/docs/reference/api.md → 2 pages in N ms');
  });

  it('re-checks links into a page whose headings changed, though the linking page did not change', async () => {
    const guide = dev.site.read('content/docs/guide.md');
    dev.newLines();
    await dev.edit('content/docs/guide.md', guide.replace('## Moves', '## Turns'));
    const lines = dev.newLines();
    expect(lines).toContain('content/docs/reference/api.md:7:5  warning  Cannot find heading `#moves` on page `/guide`  links/missing-anchor');
    expect(rebuiltLine(lines)).toBe('↻ content/docs/guide.md → 1 page in N ms (1 warning in 1 file)');
    await dev.edit('content/docs/guide.md', guide);
    expect(rebuiltLine(dev.newLines())).toBe('↻ content/docs/guide.md → 1 page in N ms');
  });

  it('shows an error in the terminal and the overlay, keeps serving, and recovers when fixed', async () => {
    const before = (await dev.get('/reference/cli')).text;
    dev.newLines();
    const { event } = await dev.edit('content/docs/reference/cli.md', '---\ntitle: [broken\n---\n\nText.\n', 'problems');
    const message = 'content/docs/reference/cli.md:2:8  error  Cannot parse front matter: the list `[` is never closed (the YAML parser stopped at line 2: Flow sequence in block collection must be sufficiently indented and end with a ])  content/front-matter-syntax\n'
      + '  hint: Front matter is YAML between two `---` lines; quote values that contain `:` or start with a special character.';
    expect(event).toEqual([message]);
    const lines = dev.newLines();
    expect(lines).toEqual([message, '✗ content/docs/reference/cli.md: 1 error in 1 file; serving the last good build']);
    // The last good output is still served, and a tab opened now gets the overlay too.
    expect((await dev.get('/reference/cli')).text).toBe(before);
    const { listenForEvents } = await import('./sse-client.ts');
    const lateTab = await listenForEvents(dev.server.url);
    expect((await lateTab.next('problems')).data).toEqual([message]);
    lateTab.close();

    await dev.edit('content/docs/reference/cli.md', '---\ntitle: Command line\n---\n\nFixed.\n');
    expect((await dev.get('/reference/cli')).text).toContain('Fixed.');
  });

  it('rebuilds the theme after a theme edit', async () => {
    dev.newLines();
    await dev.edit('theme/layout/footer.tsx', 'export function Footer() {\n  return <footer className="footer">Footer override v1</footer>;\n}\n');
    // The new folders theme/ and theme/layout/ usually arrive in the same batch as the file; on a
    // busy machine the watcher may report them first, in a rebuild of their own.
    const lines = dev.newLines().filter((l) => l.startsWith('↻ theme/layout/footer.tsx'));
    expect(rebuiltLine(lines)).toMatch(/^↻ theme\/layout\/footer\.tsx(?: and [12] more)? → 12 pages in N ms$/);
    expect((await dev.get('/blog')).text).toContain('Footer override v1');
    const { event } = await dev.edit('theme/layout/footer.tsx', 'export function Footer() {\n  return <footer>{</footer>;\n}\n', 'problems');
    expect((event as string[])[0]).toMatch(/^theme\/layout\/footer\.tsx:2:\d+  error  Cannot bundle the (server theme|client bundle): .*  theme\/bundle$/);
    await dev.edit('theme/layout/footer.tsx', 'export function Footer() {\n  return <footer className="footer">Footer override v2</footer>;\n}\n');
    expect((await dev.get('/blog')).text).toContain('Footer override v2');
  });

  it('serves public files as they change', async () => {
    await dev.edit('public/notes.txt', 'first');
    expect((await dev.get('/notes.txt')).text).toBe('first');
    await dev.edit('public/notes.txt', 'second');
    expect((await dev.get('/notes.txt')).text).toBe('second');
  });
});
