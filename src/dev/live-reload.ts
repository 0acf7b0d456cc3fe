import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { formatDiagnostic } from '../diagnostics/format-diagnostic.ts';

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
  const at = html.lastIndexOf('</body>');
  return at < 0 ? html + clientScript : html.slice(0, at) + clientScript + html.slice(at);
}

const clientScript = `<script data-sitegen-dev>(function(){
var es=new EventSource(${JSON.stringify(EVENTS_PATH)});
es.addEventListener('reload',function(){location.reload()});
es.addEventListener('update',function(){show([]);if(window.dispatchEvent(new CustomEvent('sitegen:update',{cancelable:true})))location.reload()});
es.addEventListener('problems',function(e){show(JSON.parse(e.data))});
function show(list){
var old=document.getElementById('__sitegen-overlay');if(old)old.remove();
if(!list.length)return;
var o=document.createElement('div');o.id='__sitegen-overlay';o.setAttribute('role','alertdialog');o.setAttribute('aria-label','Build errors');
o.style.cssText='position:fixed;inset:0;z-index:2147483647;overflow:auto;background:rgba(20,20,24,.94);color:#f3f3f3;font:14px/1.5 ui-monospace,Menlo,Consolas,monospace;padding:32px';
var h=document.createElement('h2');h.textContent='sitegen: the site cannot be built ('+list.length+' problem'+(list.length>1?'s':'')+')';h.style.cssText='color:#ff6b6b;font-size:18px;margin:0 0 16px';o.appendChild(h);
list.forEach(function(t){var p=document.createElement('pre');p.textContent=t;p.style.cssText='white-space:pre-wrap;margin:0 0 12px;padding:12px;background:#2a2a30;border-left:4px solid #ff6b6b';o.appendChild(p)});
var n=document.createElement('p');n.textContent='Fix the file and save: the page reloads. The terminal shows the same list.';o.appendChild(n);
var b=document.createElement('button');b.textContent='Dismiss';b.onclick=function(){o.remove()};o.appendChild(b);
document.body.appendChild(o)}
})()</script>`;
