/**
 * `sitegen dev` edit latency: starts the dev server on a copy of a site, connects to its
 * live-reload stream (server-sent events at `/__sitegen/events`, as a browser tab does), appends
 * a line to one Markdown file several times and measures, per edit, the time until the `update`
 * (or `reload`) event arrives, until the page served over HTTP shows the edit, and — in Debian's
 * Chromium, when installed — until the open tab shows the new text on screen, which is what an
 * author waits for.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { appendFile, readFile, writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { freePort } from './free-port.ts';

const CHROMIUM = '/usr/bin/chromium';

/** One dev session's figures. */
export interface DevMeasurement {
  label: string;
  /** From spawn to "Serving … at" (the initial build), ms. */
  startupMs?: number;
  /** Per edit: to the live-reload event, to the page served with the edit, to the text shown in an open Chromium tab. */
  edits: { reloadMs: number; servedMs: number; screenMs?: number }[];
  /** Why the on-screen figure is missing, when it is. */
  screenNote?: string;
  error?: string;
}

const eventsPath = '/__sitegen/events';

/** Measures `edits` edits of `file` (relative to `root`), whose page is `route`. */
export async function measureDevReload(options: {
  label: string; repo: string; root: string; file: string; route: string; edits?: number; startupTimeoutMs: number;
}): Promise<DevMeasurement> {
  const { label, repo, root, route } = options;
  const file = path.join(root, options.file);
  const original = await readFile(file, 'utf8');
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(repo, 'bin/sitegen.js'), '--root', root, 'dev', '--port', String(port)], { cwd: repo, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => { output += d; });
  child.stderr.on('data', (d) => { output += d; });
  const result: DevMeasurement = { label, edits: [] };
  let events: http.ClientRequest | undefined;
  let browser: Browser | undefined;
  try {
    const url = await until(() => /Serving .* at (http:\/\/\S+)/.exec(output)?.[1], options.startupTimeoutMs, () => `dev server did not start: ${tail(output)}`);
    result.startupMs = performance.now() - started;
    let reloads = 0;
    events = http.get(`${url}${eventsPath}`, (res) => {
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => { reloads += chunk.split(/event: (?:reload|update)\n/).length - 1; });
    });
    let page: Page | undefined;
    if (existsSync(CHROMIUM)) {
      browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
      page = await browser.newPage();
      await page.goto(`${url}${route}`);
      // Hydrated: the client runtime takes updates in place. Nobody moves the pointer in this tab
      // (the developer is in the editor), so the first update also brings client navigation.
      await page.waitForFunction(() => document.documentElement.dataset.intent !== undefined, undefined, { timeout: 60_000 });
    } else {
      result.screenNote = `no Chromium at ${CHROMIUM}`;
    }
    await sleep(500);
    for (let i = 1; i <= (options.edits ?? 5); i++) {
      const marker = `bench-edit-${Date.now()}-${i}`;
      const before = reloads;
      // Watched from before the write: polled on every animation frame, in the tab.
      const shown = page?.waitForFunction((m) => !!document.querySelector('main')?.textContent?.includes(m), marker, { polling: 'raf', timeout: 60_000 })
        .then(() => performance.now());
      shown?.catch(() => undefined);
      const t0 = performance.now();
      await appendFile(file, `\n\nEdited by the bench: ${marker}.\n`);
      await until(() => reloads > before || undefined, 60_000, () => `no reload event within 60 s: ${tail(output)}`);
      const reloadMs = performance.now() - t0;
      await until(async () => ((await fetchText(`${url}${route}`)).includes(marker) || undefined), 60_000, () => 'the edit never showed in the served page');
      const servedMs = performance.now() - t0;
      const screenMs = shown ? (await shown) - t0 : undefined;
      result.edits.push({ reloadMs, servedMs, ...(screenMs === undefined ? {} : { screenMs }) });
      // Let the watcher settle so edits do not merge.
      await sleep(400);
    }
  } catch (error) {
    result.error = (error as Error).message;
  } finally {
    events?.destroy();
    await browser?.close();
    child.kill();
    await writeFile(file, original);
  }
  return result;
}

async function until<T>(check: () => T | undefined | Promise<T | undefined>, timeoutMs: number, describe: () => string): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (performance.now() > deadline) throw new Error(describe());
    await sleep(5);
  }
}

function fetchText(url: string): Promise<string> {
  return new Promise((resolve) => {
    http.get(url, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => { body += d; });
      res.on('end', () => resolve(body));
    }).on('error', () => resolve(''));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const tail = (text: string) => text.trim().split('\n').slice(-5).join(' | ');
