import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCli, type CliProcess } from '../helpers/run-cli.ts';
import { copyFixture, type SiteCopy } from '../helpers/copy-fixture.ts';
import { listenForEvents, type EventListener } from './sse-client.ts';

// The real CLI in a child process: the port fallback, config reloads (a fresh Node process
// imports the edited config, which vitest's module cache would not), and a server that
// survives bad input.
let site: SiteCopy;
let cli: CliProcess;
let blocker: Server;
let taken: number;
let url: string;
let tab: EventListener;

beforeAll(async () => {
  site = copyFixture('dev-site');
  blocker = createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  taken = (blocker.address() as { port: number }).port;
  cli = startCli(['--root', site.root, 'dev', '--port', String(taken)]);
  [, url] = await cli.waitFor(/Serving \S+ at (http:\/\/127\.0\.0\.1:\d+)/, 120_000);
  tab = await listenForEvents(url);
});

afterAll(async () => {
  tab?.close();
  await cli?.stop();
  blocker?.close();
  site?.cleanup();
});

const title = async (path: string) => /<title>(.*?)<\/title>/.exec(await (await fetch(new URL(path, url))).text())?.[1];

describe('sitegen dev (CLI)', () => {
  it('moves to the next free port when the asked one is taken, on 127.0.0.1', () => {
    expect(Number(new URL(url).port)).toBeGreaterThan(taken);
    expect(cli.output()).toMatch(/✓ built 12 pages in [\d.]+ m?s/);
  });

  it('reloads the whole site after a config edit', async () => {
    tab.clear();
    site.write('site.config.ts', site.read('site.config.ts').replace("title: 'Dev Fixture'", "title: 'Renamed Fixture'"));
    await tab.next('reload');
    expect(await title('/reference/api')).toBe('API | Renamed Fixture');
    await cli.waitFor(/↻ site\.config\.ts → 12 pages in [\d.]+ m?s/);
  });

  it('survives bad input: prints it, shows it in the tab, keeps serving, and recovers', async () => {
    tab.clear();
    site.write('content/docs/guide.md', '---\nsidebar_position: abc\n---\n\nText.\n');
    const { data } = await tab.next('problems');
    const message = 'content/docs/guide.md:2:1  error  Expected `sidebar_position` to be a number, got `"abc"`  content/front-matter';
    expect(data).toEqual([message]);
    await cli.waitFor(/✗ content\/docs\/guide\.md: 1 error in 1 file; serving the last good build/);
    expect(cli.output()).toContain(message);
    expect(await title('/guide')).toBe('Guide | Renamed Fixture');

    // A broken config is survived too; fixing both recovers.
    site.write('site.config.ts', site.read('site.config.ts').replace("title: 'Renamed Fixture',", "titel: 'Renamed Fixture',"));
    // The watcher may report the guide's write twice: its error (still there) can come again first.
    const configMessage = 'site.config.ts:5:3  error  titel: unknown key; did you mean `title`?  config/invalid';
    let config = await tab.next('problems');
    for (let i = 0; i < 3 && !(config.data as string[]).includes(configMessage); i++) config = await tab.next('problems');
    expect(config.data).toContain(configMessage);
    site.write('site.config.ts', site.read('site.config.ts').replace('titel:', 'title:'));
    site.write('content/docs/guide.md', '---\ntitle: Guide again\nsidebar_position: 2\n---\n\nText.\n');
    await tab.next('reload');
    expect(await title('/guide')).toBe('Guide again | Renamed Fixture');
    expect(cli.child.exitCode).toBeNull();
  });
});
