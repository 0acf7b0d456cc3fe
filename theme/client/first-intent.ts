/**
 * What shows a reader is about to do more than read: moving or pressing the pointer, touching,
 * scrolling, a key, or focus moving. Until then a first visit needs no script: the head script
 * (src/render/head-script.browser.ts, which has the same list) starts hydration only then, and
 * the parts hydrated later and client navigation follow (issue 29: the JavaScript a first visit
 * fetches until the network is idle). Links work as plain links meanwhile, and the page shows
 * what the server drew. In `sitegen dev` the page hydrates at once, and these wait here.
 */
const EVENTS = ['pointermove', 'pointerdown', 'touchstart', 'wheel', 'scroll', 'keydown', 'focusin', 'click', 'change'] as const;

/**
 * Runs `task` once, at the first sign of intent. `<html data-intent>` says `waiting` while it
 * listens and `shown` after. Returns the remover (the task then never runs).
 */
export function onFirstIntent(task: () => void): () => void {
  const root = document.documentElement;
  // Shown already: what started hydration, as a rule.
  if (root.getAttribute('data-intent') === 'shown') {
    let cancelled = false;
    queueMicrotask(() => {
      if (!cancelled) task();
    });
    return () => {
      cancelled = true;
    };
  }
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
