// The dev server's live-reload client, in the browser (see live-reload.ts). Compiled and
// minified by esbuild (src/util/browser-script.ts); `__SITEGEN_DEV__` is replaced by its
// settings as a JSON literal.

/** Where the server-sent events come from. */
export interface LiveReloadSettings { events: string }

declare const __SITEGEN_DEV__: LiveReloadSettings;

const OVERLAY_ID = '__sitegen-overlay';

listen(__SITEGEN_DEV__);

function listen(settings: LiveReloadSettings): void {
  // While editing, the page hydrates at once, without waiting for the reader's intent (the head
  // script waits for it on a production site), so that an edit updates the open tab in place.
  (window as { __sitegenEager?: boolean }).__sitegenEager = true;
  window.dispatchEvent(new CustomEvent('sitegen:eager'));
  const events = new EventSource(settings.events);
  events.addEventListener('reload', () => location.reload());
  events.addEventListener('update', () => {
    show([]);
    // The client runtime cancels the event when it updates the page in place.
    if (window.dispatchEvent(new CustomEvent('sitegen:update', { cancelable: true }))) location.reload();
  });
  events.addEventListener('problems', (e) => show(JSON.parse((e as MessageEvent<string>).data) as string[]));
}

/** Shows the problems in an overlay (none: removes it). Text only: a message quoting HTML stays text. */
function show(list: string[]): void {
  document.getElementById(OVERLAY_ID)?.remove();
  if (!list.length) return;
  const overlay = document.createElement('div');
  overlay.id = OVERLAY_ID;
  overlay.setAttribute('role', 'alertdialog');
  overlay.setAttribute('aria-label', 'Build errors');
  overlay.style.cssText = 'position:fixed;inset:0;z-index:2147483647;overflow:auto;background:rgba(20,20,24,.94);color:#f3f3f3;font:14px/1.5 ui-monospace,Menlo,Consolas,monospace;padding:32px';
  const heading = document.createElement('h2');
  heading.textContent = `sitegen: the site cannot be built (${list.length} problem${list.length > 1 ? 's' : ''})`;
  heading.style.cssText = 'color:#ff6b6b;font-size:18px;margin:0 0 16px';
  overlay.appendChild(heading);
  for (const text of list) {
    const pre = document.createElement('pre');
    pre.textContent = text;
    pre.style.cssText = 'white-space:pre-wrap;margin:0 0 12px;padding:12px;background:#2a2a30;border-left:4px solid #ff6b6b';
    overlay.appendChild(pre);
  }
  const note = document.createElement('p');
  note.textContent = 'Fix the file and save: the page reloads. The terminal shows the same list.';
  overlay.appendChild(note);
  const dismiss = document.createElement('button');
  dismiss.textContent = 'Dismiss';
  dismiss.onclick = () => overlay.remove();
  overlay.appendChild(dismiss);
  document.body.appendChild(overlay);
}
