/**
 * What shows a reader is about to do more than read: moving or pressing the pointer, touching,
 * scrolling, a key, or focus moving. Until then a first visit needs no more script than the
 * page's own, so the parts hydrated later and client navigation wait for it (issue 29: the
 * JavaScript a first visit fetches until the network is idle stays within budget). Links work
 * as plain links meanwhile, and the later parts show what the server drew.
 */
const EVENTS = ['pointermove', 'pointerdown', 'touchstart', 'wheel', 'scroll', 'keydown', 'focusin'] as const;

/**
 * Runs `task` once, at the first sign of intent. `<html data-intent>` says `waiting` while it
 * listens and `shown` after. Returns the remover (the task then never runs).
 */
export function onFirstIntent(task: () => void): () => void {
  const root = document.documentElement;
  const options = { capture: true, passive: true } as const;
  const remove = () => {
    for (const type of EVENTS) window.removeEventListener(type, onIntent, options);
  };
  function onIntent() {
    remove();
    root.setAttribute('data-intent', 'shown');
    task();
  }
  for (const type of EVENTS) window.addEventListener(type, onIntent, options);
  root.setAttribute('data-intent', 'waiting');
  return remove;
}
