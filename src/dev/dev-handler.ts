import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '../diagnostics/logger.ts';
import { escapeHtml } from '../render/render-document.ts';
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
}) {
  const { store, liveReload, logger, building, baseUrl = () => '/' } = options;
  return (req: IncomingMessage, res: ServerResponse): void => {
    if (req.url === EVENTS_PATH) return liveReload.connect(req, res);
    if (store.isEmpty) {
      const [status, text] = building() ? [503, 'Building the site… this page reloads when it is ready.'] : [500, 'The site could not be built; see the terminal.'];
      return void res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' })
        .end(injectLiveReload(`<!doctype html><html lang="en"><title>sitegen dev</title><body><p>${text}</p></body></html>`));
    }
    try {
      answerRequest({ source: store.source(), req, res, transformHtml: injectLiveReload, baseUrl: baseUrl() });
    } catch (error) {
      // A page rendered on request threw (a theme component): show it, keep serving.
      const trace = String((error as Error)?.stack ?? error);
      logger.error(`Cannot render ${req.url}: ${trace}`);
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' });
      res.end(injectLiveReload(`<!doctype html><html lang="en"><title>sitegen dev: render failed</title><body><pre>${escapeHtml(trace)}</pre></body></html>`));
    }
  };
}
