import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevRun, type DevRun } from './dev-helpers.ts';

// `sitegen dev` started on a site that does not build: it must still serve (a placeholder
// that shows the errors) and come up properly once the file is fixed.
let dev: DevRun;
const guide = '---\ntitle: Guide\nsidebar_position: 2\n---\n\nHow to steer the snake.\n';

beforeAll(async () => {
  dev = await startDevRun('dev-site', { prepare: (site) => site.write('content/docs/guide.md', '---\ntitle: [oops\n---\n') });
});
afterAll(async () => {
  await dev?.stop();
});

describe('sitegen dev on a broken site', () => {
  it('serves a placeholder and shows the errors', async () => {
    expect(dev.log).toContain('✗ initial build: 1 error in 1 file; nothing to serve yet');
    const page = await dev.get('/guide');
    expect(page.status).toBe(500);
    expect(page.text).toContain('The site could not be built; see the terminal.');
    expect(page.text).toContain('<script data-sitegen-dev>');
    expect((await dev.tab.next('problems')).data).toEqual([expect.stringMatching(/^content\/docs\/guide\.md:2:8  error  Cannot parse front matter: /)]);
  });

  it('comes up once the file is fixed', async () => {
    await dev.edit('content/docs/guide.md', guide);
    const page = await dev.get('/guide');
    expect([page.status, page.text.includes('How to steer the snake.')]).toEqual([200, true]);
  });
});
