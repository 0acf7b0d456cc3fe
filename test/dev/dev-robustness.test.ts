import { writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isAllowedDevHost } from '../../src/dev/dev-handler.ts';
import { rawGet } from '../serve/http-helpers.ts';
import { startDevRun, type DevRun } from './dev-helpers.ts';

// Issue #37 › 7: `sitegen dev` answers only to its own names, and survives the ways editors and
// tools write files (a save that truncates first, a file deleted and made again at once).

let dev: DevRun;
beforeEach(async () => {
  dev = await startDevRun('dev-site');
});
afterEach(async () => {
  await dev?.stop();
});

describe('the Host header', () => {
  it('is answered for addresses, localhost and the --host name, and refused for any other name (DNS rebinding)', async () => {
    const port = new URL(dev.server.url).port;
    const status = async (host: string) => (await rawGet({ url: dev.server.url, path: '/guide', headers: { host } })).status;
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, `app.localhost:${port}`, '10.0.0.7']) expect(await status(host), host).toBe(200);
    for (const host of [`attacker.example:${port}`, 'rebind.attacker.example', 'localhost.attacker.example']) expect(await status(host), host).toBe(403);
    const refused = await rawGet({ url: dev.server.url, path: '/guide', headers: { host: 'attacker.example' } });
    expect(refused.body.toString()).toContain('does not answer to the host name "attacker.example"');
    expect(refused.body.toString()).toContain('`sitegen dev --host attacker.example`');
  });

  it('names given with --host are answered', () => {
    expect(isAllowedDevHost('docs.internal:3000', 'docs.internal')).toBe(true);
    expect(isAllowedDevHost('other.internal:3000', 'docs.internal')).toBe(false);
    expect(isAllowedDevHost(undefined, undefined)).toBe(true);
  });
});

describe('files written as editors and tools write them', () => {
  it('waits for a save that truncates the file first, instead of dropping the page', async () => {
    const text = dev.site.read('content/docs/guide.md');
    dev.newLines();
    // The editor's two steps: empty the file, then (a moment later) write it whole.
    writeFileSync(dev.site.file('content/docs/guide.md'), '');
    await sleep(150);
    writeFileSync(dev.site.file('content/docs/guide.md'), text.replace('Turn left, turn right', 'Turn left, then right'));
    await expect.poll(async () => (await dev.get('/guide')).text).toContain('Turn left, then right');
    await dev.server.idle();
    expect(dev.newLines().filter((l) => /empty-file|Expected Markdown content/.test(l))).toEqual([]);
  });

  it('survives files deleted and made again over and over, and serves the last version', async () => {
    const text = dev.site.read('content/docs/guide.md');
    const category = dev.site.read('content/docs/reference/_category_.json');
    dev.newLines();
    for (let i = 0; i < 40; i++) {
      dev.site.remove('content/docs/guide.md');
      dev.site.remove('content/docs/reference/_category_.json');
      // A folder that comes and goes makes the content be listed again while files vanish.
      if (i % 2 === 0) dev.site.write(`content/docs/scratch-${i}/note.md`, '---\ntitle: Note\n---\n\nNote.\n');
      else dev.site.remove(`content/docs/scratch-${i - 1}`);
      await sleep(i % 3);
      writeFileSync(dev.site.file('content/docs/guide.md'), text.replace('Turn left, turn right', `Turn number ${i}`));
      writeFileSync(dev.site.file('content/docs/reference/_category_.json'), category);
    }
    await expect.poll(async () => (await dev.get('/guide')).text).toContain('Turn number 39');
    await dev.server.idle();
    expect(dev.newLines().filter((l) => /Internal error|crashed|\n\s+at |content\/unreadable/.test(l))).toEqual([]);
  });
});
