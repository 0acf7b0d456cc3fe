/**
 * `sitegen dev` updates (the `sitegen:update` event of the dev script) that come before client
 * navigation has loaded: held, navigation fetched at once, and the update handed to it when it
 * is up, instead of the dev script reloading the page. Production pages never get the event.
 */
let ready = false;
let pending = false;

/** Until navigation is ready, holds updates and calls `load` to bring navigation now. Returns the remover. */
export function holdEarlyUpdates(load: () => void): () => void {
  const early = (event: Event) => {
    if (ready) return;
    // Cancelled: the dev script does not reload.
    event.preventDefault();
    pending = true;
    load();
  };
  window.addEventListener('sitegen:update', early);
  return () => window.removeEventListener('sitegen:update', early);
}

/** Called by navigation once it listens for updates: an update held so far is sent again. */
export function navigationReady(): void {
  ready = true;
  if (!pending) return;
  pending = false;
  window.dispatchEvent(new CustomEvent('sitegen:update', { cancelable: true }));
}
