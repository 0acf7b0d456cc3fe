import type { SiteConfig } from '../config/schema.ts';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import type { FSWatcher } from 'chokidar';
import { createLogger, formatMs, type Logger } from '../diagnostics/logger.ts';
import { environmentDiagnostic } from '../diagnostics/environment-error.ts';
import { formatDiagnostic, sortDiagnostics, summarizeDiagnostics } from '../diagnostics/format-diagnostic.ts';
import { closeServer, listen } from '../serve/listen.ts';
import { createDevSession, type RebuildOutcome } from './dev-session.ts';
import { createDevHandler } from './dev-handler.ts';
import { createLiveReload, type LiveReload } from './live-reload.ts';
import { OutputStore } from './output-store.ts';
import { watchSite, type ChangeBatch } from './watch-site.ts';

/** A running dev server. */
export interface DevServer {
  url: string;
  server: Server;
  liveReload: LiveReload;
  /** Resolves when the rebuilds queued so far are done (tests wait on it). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

const initialBuild = 'initial build';
/** How long after the last successful rebuild the search index is rebuilt. */
const searchDelayMs = 1500;

/**
 * `sitegen dev`: builds the site into memory (drafts included, broken links as warnings),
 * serves it with the same clean-URL rules as `sitegen serve` on 127.0.0.1 (the next free port
 * if `port` is taken), watches the site and rebuilds only what a change affects, then reloads
 * open tabs over server-sent events. Errors go to the terminal and to an overlay in the tabs;
 * the server keeps the last good output and recovers when the file is fixed.
 */
export async function startDevServer(options: {
  root: string; port?: number; host?: string; logger?: Logger;
  /** Start from Markdown rendered by earlier runs (node_modules/.cache/sitegen/markdown/); `'rewrite'` renders everything and stores it anew. @default false */
  markdownCache?: boolean | 'rewrite';
}): Promise<DevServer> {
  const root = path.resolve(options.root);
  const logger = options.logger ?? createLogger();
  const store = new OutputStore();
  const session = createDevSession({ root, store, markdownCache: options.markdownCache });
  const liveReload = createLiveReload();

  let queue: Promise<void> = Promise.resolve();
  let shownWarnings = new Set<string>();
  let searchTimer: NodeJS.Timeout | undefined;
  let searchSkipNoted = false;
  const scheduleSearch = () => {
    clearTimeout(searchTimer);
    searchTimer = setTimeout(() => {
      queue = queue.then(async () => {
        const indexed = await session.indexSearch();
        if ('skipped' in indexed && !searchSkipNoted) {
          searchSkipNoted = true;
          logger.info(`Search index not built in dev: ${indexed.skipped} pages render on request (\`sitegen build\` builds it).`);
        }
      }).catch((error) => logger.error(`Cannot build the search index: ${(error as Error).message}`));
    }, searchDelayMs);
  };
  // Files MDX pages import from outside content/, theme/ and public/, watched once known.
  const mdxWatched = new Set<string>();
  let watching: FSWatcher | undefined;
  const watchMdxInputs = (inputs: string[]) => {
    const fresh = inputs.filter((abs) => !mdxWatched.has(abs) && !/^(?:content|theme|public)\//.test(path.relative(root, abs).split(path.sep).join('/')));
    for (const abs of fresh) mdxWatched.add(abs);
    if (fresh.length) watching?.add(fresh);
  };
  const run = (batch: Partial<ChangeBatch>, label: string) => {
    queue = queue.then(async () => {
      const startedAt = batch.startedAt ?? performance.now();
      const outcome = await session.rebuild(batch, label === initialBuild ? logger : undefined);
      const ms = performance.now() - startedAt;
      shownWarnings = report({ outcome, label, ms, logger, liveReload, shownWarnings });
      if (outcome.ok) scheduleSearch();
      // What MDX pages import from outside the watched folders (`@site/src/components/…`): an
      // edit there renders the MDX pages again (they are never taken from a cache).
      if (outcome.ok) watchMdxInputs(outcome.result.mdxInputs);
    }).catch((error: unknown) => {
      const environment = environmentDiagnostic(error);
      if (environment) return void logger.error(formatDiagnostic(environment));
      logger.error('Internal error: the dev rebuild crashed. Please report this with the trace below.');
      logger.error(String((error as Error)?.stack ?? error));
    });
    return queue;
  };

  logger.info(`sitegen dev ${path.relative(process.cwd(), root) || '.'}`);
  // Listen and watch while the first build runs: a tab opened early waits on a page that
  // reloads when the build is ready, and edits made meanwhile are queued behind it.
  let building = true;
  const server = createServer(createDevHandler({ store, liveReload, logger, building: () => building, baseUrl: () => session.site?.config.baseUrl ?? '/', listenHost: options.host }));
  const url = await listen({ server, port: options.port ?? 3000, host: options.host, nextFreePort: true });
  const initial = run({}, initialBuild);
  let watcher: FSWatcher;
  try {
    watcher = await watchSite({ root, onBatch: (batch) => void run(batch, describe(batch)) });
    watching = watcher;
    if (mdxWatched.size) watcher.add([...mdxWatched]);
  } catch (error) {
    await closeServer(server);
    throw error;
  }
  await initial;
  building = false;
  const config = session.site?.config;
  const extra = config ? extraWatched(root, config) : [];
  if (extra.length) watcher.add(extra.map((dir) => path.join(root, dir)));
  const home = config && config.baseUrl !== '/' ? new URL(config.baseUrl, url).href : url;
  logger.info(`Serving ${path.relative(process.cwd(), root) || '.'} at ${home} (watching for changes)`);
  if (options.host && !['127.0.0.1', 'localhost', '::1'].includes(options.host)) logger.warn(`Listening on ${options.host}: other machines on the network can reach this server.`);

  return {
    url, server, liveReload,
    idle: () => queue,
    async close() {
      clearTimeout(searchTimer);
      await watcher.close();
      await closeServer(server);
      await queue;
      await session.close();
    },
  };
}

/** `content/docs/x.md`, or `content/docs/x.md and 2 more` (files first: they are what was edited). */
function describe(batch: ChangeBatch): string {
  const [first, ...rest] = [...batch.files, ...batch.dirs];
  return rest.length ? `${first} and ${rest.length} more` : first;
}

/**
 * Prints the outcome (`↻ content/docs/x.md → 3 pages in 84 ms`) and tells the tabs. Warnings
 * are printed when they first appear, not after every save; returns the ones now standing.
 */
function report(options: { outcome: RebuildOutcome; label: string; ms: number; logger: Logger; liveReload: LiveReload; shownWarnings: Set<string> }): Set<string> {
  const { outcome, label, ms, logger, liveReload, shownWarnings } = options;
  if (!outcome.ok) {
    const sorted = sortDiagnostics(outcome.diagnostics);
    for (const d of sorted) logger.error(formatDiagnostic(d));
    logger.error(`✗ ${label}: ${summarizeDiagnostics(sorted)}; ${label === initialBuild ? 'nothing to serve yet' : 'serving the last good build'}`);
    liveReload.problems(sorted.filter((d) => d.severity === 'error'));
    return shownWarnings;
  }
  const { result } = outcome;
  // Reload first: the log line is for the human, the reload is what they are waiting for.
  if (outcome.inPlace) liveReload.update();
  else liveReload.reload();
  const warnings = sortDiagnostics(result.diagnostics);
  const standing = new Set(warnings.map(formatDiagnostic));
  for (const line of standing) if (!shownWarnings.has(line)) logger.warn(line);
  const suffix = warnings.length ? ` (${summarizeDiagnostics(warnings)})` : '';
  const pages = `${result.rendered.length} page${result.rendered.length === 1 ? '' : 's'}`;
  const later = result.deferred ? ` (+${result.deferred} when requested)` : '';
  logger.info(label === initialBuild
    ? `✓ built ${result.planned.length} pages in ${formatMs(ms)}${later}${suffix}`
    : `↻ ${label} → ${pages}${later} in ${formatMs(ms)}${suffix}`);
  return standing;
}

/**
 * What the watcher adds once the site is loaded: docs or blog folders configured outside
 * content/ (further docs instances' too), static folders other than public/ (Docusaurus's
 * static/), and the sidebars files (reloadSite reloads the site when one changes); the pages
 * folder, and beside it what its pages import (`src/components`), when the site has pages.
 */
function extraWatched(root: string, config: SiteConfig): string[] {
  const outside = (dir: string) => (`${dir}/`.startsWith('content/') ? [] : [dir]);
  return [
    ...[config.docs.path, config.blog.path].flatMap(outside), ...(config.docs.sidebarPath ? [config.docs.sidebarPath] : []),
    ...config.docsInstances.flatMap((d) => [...outside(d.path), ...(d.sidebarPath ? [d.sidebarPath] : [])]),
    ...(existsSync(path.join(root, config.pages.path)) ? [path.posix.dirname(config.pages.path) === '.' ? config.pages.path : path.posix.dirname(config.pages.path)] : []),
    ...config.staticDirectories.filter((dir) => dir !== 'public'),
  ];
}
