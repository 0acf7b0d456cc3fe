import { existsSync } from 'node:fs';
import type { Logger } from '../../src/diagnostics/logger.ts';
import { startDevServer, type DevServer } from '../../src/dev/start-dev-server.ts';
import { copyFixture, type SiteCopy } from '../helpers/copy-fixture.ts';
import { listenForEvents, type EventListener } from './sse-client.ts';

/** A dev server on a copy of a fixture, with its log and one connected "tab". */
export interface DevRun {
  site: SiteCopy;
  server: DevServer;
  tab: EventListener;
  log: string[];
  /** Log lines printed since the last call. */
  newLines(): string[];
  get(path: string): Promise<{ status: number; text: string; location: string | null }>;
  /**
   * Writes (or removes, with `null`) a file and waits for the event it causes: by default either
   * live-reload event (`update`: new page data shown in place; `reload`), or exactly one of them,
   * or `problems`. Returns the event's name too.
   */
  edit(rel: string, text: string | null, expect?: 'change' | 'reload' | 'update' | 'problems'): Promise<{ event: unknown; name: string; ms: number }>;
  stop(): Promise<void>;
}

/** Starts `sitegen dev` in-process on a copy of `test/fixtures/<name>`, on a free port. */
export async function startDevRun(name: string, options: { from?: string; withTheme?: boolean; port?: number; prepare?: (site: SiteCopy) => void } = {}): Promise<DevRun> {
  const site = copyFixture(name, options);
  options.prepare?.(site);
  const log: string[] = [];
  let seen = 0;
  const logger: Logger = { info: (m) => log.push(m), detail() {}, warn: (m) => log.push(m), error: (m) => log.push(m) };
  const server = await startDevServer({ root: site.root, port: options.port ?? 0, logger });
  const tab = await listenForEvents(server.url);
  return {
    site, server, tab, log,
    newLines() {
      const lines = log.slice(seen);
      seen = log.length;
      return lines;
    },
    async get(path) {
      const res = await fetch(new URL(path, server.url), { redirect: 'manual' });
      return { status: res.status, text: await res.text(), location: res.headers.get('location') };
    },
    async edit(rel, text, expect = 'change') {
      tab.clear();
      const start = performance.now();
      const logged = log.length;
      if (text === null) site.remove(rel);
      else site.write(rel, text);
      // The rebuild this write causes reports a line naming the file. An event may also come
      // late from an earlier rebuild (a watcher can report one write twice): wait on, until
      // the line for this write is there.
      const ours = () => log.slice(logged).some((l) => /^[↻✗] /.test(l) && l.slice(2).startsWith(rel));
      let event = await tab.next(expect === 'change' ? ['reload', 'update'] : expect);
      await server.idle();
      while (!ours()) {
        event = await tab.next(expect === 'change' ? ['reload', 'update'] : expect);
        await server.idle();
      }
      return { event: event.data, name: event.event, ms: event.at - start };
    },
    async stop() {
      tab.close();
      await server.close();
      site.cleanup();
    },
  };
}

/** Debian's Chromium, which the dev tests that need a browser drive (as test/browser does). */
export const chromiumPath = '/usr/bin/chromium';
/** Whether it is installed: without it those tests are skipped, which CI=true forbids (each test file throws). */
export const hasChromium = existsSync(chromiumPath);
