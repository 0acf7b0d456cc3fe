import type { IncomingMessage, ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import { formatDiagnostic, sortDiagnostics, summarizeDiagnostics } from '../diagnostics/format-diagnostic.ts';
import type { Logger } from '../diagnostics/logger.ts';
import { SitegenError } from '../diagnostics/sitegen-error.ts';
import { escapeHtml } from '../render/render-document.ts';
import { createGzipCache } from '../serve/gzip-cache.ts';
import { answerRequest } from '../serve/send-content.ts';
import { EVENTS_PATH, injectLiveReload, type LiveReload } from './live-reload.ts';
import type { OutputStore } from './output-store.ts';

/**
 * The dev server's request handler: the live-reload stream, then the output in memory with the
 * clean-URL rules of `sitegen serve` and the live-reload script in every HTML page. Before the
 * first good build, HTML requests get a placeholder page whose script reloads it when ready
 * (and shows the errors meanwhile).
 */
export function createDevHandler(options: {
  store: OutputStore; liveReload: LiveReload; logger: Logger; building: () => boolean;
  /** The current config's `baseUrl` (it can change while dev runs). */
  baseUrl?: () => string;
  /** The interface the server listens on (`--host`): a name given there is a name it answers to. */
  listenHost?: string;
}) {
  const { store, liveReload, logger, building, baseUrl = () => '/' } = options;
  // Each output version is compressed once, as in `sitegen serve` (a rebuild makes new versions).
  const gzipCache = createGzipCache();
  return (req: IncomingMessage, res: ServerResponse): void => {
    if (!isAllowedDevHost(req.headers.host, options.listenHost)) {
      const host = req.headers.host ?? '';
      return void res.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8' })
        .end(`Blocked: this dev server does not answer to the host name "${host}" (a page on another site could reach it through that name). `
          + `Open it by its address, or start \`sitegen dev --host ${host.replace(/:\d+$/, '')}\` to answer to that name.\n`);
    }
    if (req.url === EVENTS_PATH) return liveReload.connect(req, res);
    if (store.isEmpty) {
      const [status, text] = building() ? [503, 'Building the site… this page reloads when it is ready.'] : [500, 'The site could not be built; see the terminal.'];
      return void res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' })
        .end(injectLiveReload(`<!doctype html><html lang="en"><title>sitegen dev</title><body><p>${text}</p></body></html>`));
    }
    try {
      answerRequest({ source: store.source(), req, res, gzipCache, transformHtml: injectLiveReload, baseUrl: baseUrl() });
    } catch (error) {
      // A page rendered on request threw (a theme component): report it as a build would, keep serving.
      const report = renderFailureReport(req.url ?? '/', error);
      logger.error(report);
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' });
      res.end(injectLiveReload(`<!doctype html><html lang="en"><title>sitegen dev: render failed</title><body><pre>${escapeHtml(report)}</pre></body></html>`));
    }
  };
}

/**
 * Whether a request's `Host` names this server: an IP address, `localhost` (or a name under
 * `.localhost`, which browsers resolve to the machine itself), or the `--host` it was started
 * with. Any other name is how DNS rebinding reaches a dev server from a web page (a name the
 * attacker controls, made to resolve to 127.0.0.1), so it is refused, as Vite and webpack do.
 */
export function isAllowedDevHost(hostHeader: string | undefined, listenHost: string | undefined): boolean {
  if (hostHeader === undefined) return true;
  const host = hostHeader.toLowerCase().replace(/:\d+$/, '').replace(/^\[(.*)\]$/, '$1');
  if (isIP(host) !== 0 || host === 'localhost' || host.endsWith('.localhost')) return true;
  return listenHost !== undefined && host === listenHost.toLowerCase();
}

/**
 * What dev prints for a page that failed as it was rendered on request: the diagnostics a build
 * prints for the same failure (`theme/…:12:5  error  Cannot render …  theme/render` and its
 * hint), or, for a failure that has none (a bug of sitegen), the stack.
 */
export function renderFailureReport(url: string, error: unknown): string {
  const diagnostics = error instanceof SitegenError ? sortDiagnostics(error.diagnostics) : [];
  if (!diagnostics.length) return `Cannot render ${url}: ${String((error as Error)?.stack ?? error)}`;
  return [...diagnostics.map(formatDiagnostic), `✗ ${url}: ${summarizeDiagnostics(diagnostics)}; the other pages are served as built`].join('\n');
}
