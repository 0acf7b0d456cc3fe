import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { formatDiagnostic } from '../diagnostics/format-diagnostic.ts';
import { browserScript } from '../util/browser-script.ts';
import type { LiveReloadSettings } from './live-reload.browser.ts';

/** Path of the server-sent events stream the injected script listens to. */
export const EVENTS_PATH = '/__sitegen/events';

/** Open browser tabs, reached over server-sent events. */
export interface LiveReload {
  /** Answers a request to `EVENTS_PATH`: keeps the stream open and sends the current problems. */
  connect(req: IncomingMessage, res: ServerResponse): void;
  /** Tells every tab to reload. */
  reload(): void;
  /**
   * Tells every tab that page data changed but nothing every page shares: the client runtime
   * fetches its page's data again and shows it in place (a tab without it reloads).
   */
  update(): void;
  /** Shows these errors in every tab's overlay (and in tabs opened later); `[]` clears it. */
  problems(diagnostics: Diagnostic[]): void;
  /** Number of connected tabs. */
  readonly clients: number;
}

/** Creates the hub. Problems are kept so a tab opened (or reloaded) while broken shows them too. */
export function createLiveReload(): LiveReload {
  const clients = new Set<ServerResponse>();
  let current: string[] = [];
  const send = (res: ServerResponse, event: string, data: unknown) => res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  return {
    connect(req, res) {
      res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
      // Reconnect quickly after the dev server restarts.
      res.write('retry: 500\n\n');
      if (current.length) send(res, 'problems', current);
      clients.add(res);
      req.on('close', () => clients.delete(res));
    },
    reload() {
      current = [];
      for (const res of clients) send(res, 'reload', {});
    },
    update() {
      current = [];
      for (const res of clients) send(res, 'update', {});
    },
    problems(diagnostics) {
      current = diagnostics.map(formatDiagnostic);
      for (const res of clients) send(res, 'problems', current);
    },
    get clients() {
      return clients.size;
    },
  };
}

/**
 * Inserted before `</body>` of every HTML page dev serves (never into build output). Reloads on
 * `reload`; on `update`, hands over to the client runtime (the `sitegen:update` event, which it
 * cancels when it updates the page in place) and reloads when nothing took it; on `problems` shows an overlay listing the diagnostics, built with `textContent`
 * so a message quoting HTML cannot inject markup.
 */
export function injectLiveReload(html: string): string {
  const script = clientScript();
  const at = html.lastIndexOf('</body>');
  return at < 0 ? html + script : html.slice(0, at) + script + html.slice(at);
}

let client: string | undefined;

/** The client, live-reload.browser.ts compiled and minified by esbuild (once per process, and cached). */
function clientScript(): string {
  client ??= `<script data-sitegen-dev>${browserScript({ entry: 'src/dev/live-reload.browser.ts', placeholder: '__SITEGEN_DEV__', settings: { events: EVENTS_PATH } satisfies LiveReloadSettings })}</script>`;
  return client;
}
