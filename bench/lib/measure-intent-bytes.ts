/**
 * The bytes a reader's browser fetches, as issue 41 › 4 counts them: on a first visit of a docs
 * page, the scripts and stylesheets until the reader's first sign of intent (the pointer moving
 * over the article's text, not over a link) and until the network is idle after it; then, for
 * the record, what pointing at a link adds (client navigation and the parts hydrated with it);
 * and what a client navigation to another docs page fetches (its data file), for every docs page the
 * sidebar links. In Chromium, the build served by `sitegen serve`'s own server (gzip) on 127.0.0.1: the
 * sizes are the encoded bodies, as they cross the wire, without headers.
 */
import os from 'node:os';
import { chromium, type Page } from 'playwright-core';
import { startStaticServer } from '../../src/serve/start-static-server.ts';
import { chromePath } from './run-lighthouse.ts';
import { routeToDataFile } from '../../src/util/routes.ts';

/** Bytes and files of one kind. */
export interface Fetched { bytes: number; files: string[] }

export interface IntentBytes {
  route: string; loadAverage: number;
  /** Fetched by the page before any sign of intent. */
  atLoad: { js: Fetched; css: Fetched };
  /** Fetched until the network is idle after the first sign of intent (the load included). */
  toIntent: { js: Fetched; css: Fetched };
  /** Fetched until the network is idle after the pointer then rests on a link of the sidebar (all of the above included). */
  toLink: { js: Fetched; css: Fetched };
  /** A client navigation to each other docs page: the encoded size of what it fetches, by route. */
  navigation: { route: string; bytes: number }[];
}

/** Resource entries of the page so far: path and encoded size. */
function resources(page: Page): Promise<{ path: string; bytes: number; type: string }[]> {
  return page.evaluate(() => (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
    .map((r) => ({ path: new URL(r.name).pathname, bytes: r.encodedBodySize, type: r.initiatorType })));
}

/** Waits until the page has started no request for `quietMs` (polling its resource entries). */
async function networkQuiet(page: Page, quietMs = 1500): Promise<void> {
  let count = -1;
  let since = performance.now();
  for (;;) {
    const now = (await resources(page)).length;
    if (now !== count) {
      count = now;
      since = performance.now();
    } else if (performance.now() - since >= quietMs) return;
    await page.waitForTimeout(250);
  }
}

function sum(list: { path: string; bytes: number }[], pattern: RegExp): Fetched {
  const matched = list.filter((r) => pattern.test(r.path));
  return { bytes: matched.reduce((total, r) => total + r.bytes, 0), files: matched.map((r) => r.path) };
}

const JS = /\.m?js$/;
const CSS = /\.css$/;

/** Measures a first visit of `route` (a docs page) in the build at `buildDir`, in Chromium. */
export async function measureIntentBytes(options: { buildDir: string; route?: string }): Promise<IntentBytes> {
  const { buildDir, route = '/quickstart' } = options;
  const loadAverage = Number(os.loadavg()[0].toFixed(2));
  const server = await startStaticServer({ dir: buildDir, port: 0, host: '127.0.0.1', baseUrl: '/' });
  const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(new URL(route, server.url).href, { waitUntil: 'load' });
    await page.waitForFunction(() => document.documentElement.dataset.intent === 'waiting');
    await networkQuiet(page);
    const load = await resources(page);
    // The pointer moves over the middle of the article's first paragraph: intent, but not to follow a link.
    const box = await page.locator('main .markdown > p').first().boundingBox();
    await page.mouse.move(box!.x + 4, box!.y + box!.height / 2);
    await page.waitForFunction(() => ['ready', 'on-demand'].includes(document.documentElement.dataset.navigation ?? ''), undefined, { timeout: 120_000 });
    await networkQuiet(page);
    const intent = await resources(page);
    await page.locator('.docs-sidebar a[href^="/"]').first().hover();
    await page.waitForFunction(() => document.documentElement.dataset.navigation === 'ready', undefined, { timeout: 120_000 });
    await networkQuiet(page);
    const link = await resources(page);
    // A client navigation fetches the target's data file (the page module of a docs page is already here).
    const targets = await page.locator('.docs-sidebar a[href^="/"]').evaluateAll((links, here) => [...new Set(links
      .map((a) => (a as HTMLAnchorElement).pathname).filter((p) => p !== here))], route);
    const navigation = await page.evaluate(async (files) => {
      const sizes: { route: string; bytes: number }[] = [];
      for (const { route: target, file } of files) {
        const url = new URL(file, location.href).href;
        // As navigation fetches it (theme/client/navigation.tsx), bypassing what prefetching cached.
        await (await fetch(url, { cache: 'no-store' })).text();
        const entry = (performance.getEntriesByName(url) as PerformanceResourceTiming[]).at(-1);
        sizes.push({ route: target, bytes: entry?.encodedBodySize ?? 0 });
      }
      return sizes;
    }, targets.map((target) => ({ route: target, file: `/${routeToDataFile(target)}` })));
    await context.close();
    return {
      route, loadAverage,
      atLoad: { js: sum(load, JS), css: sum(load, CSS) },
      toIntent: { js: sum(intent, JS), css: sum(intent, CSS) },
      toLink: { js: sum(link, JS), css: sum(link, CSS) },
      navigation,
    };
  } finally {
    await browser.close();
    await server.close();
  }
}
