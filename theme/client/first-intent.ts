/**
 * The reader's first sign of intent (moving or pressing the pointer, touching, scrolling, a key,
 * focus moving…), as the head script detects it: src/render/head-script.browser.ts listens and
 * sets `<html data-intent>` to `waiting`, then `shown`, and starts hydration only then (issue 29:
 * the JavaScript a first visit fetches until the network is idle). The runtime starts waiting for
 * what comes later only after it (a pointer on a link brings client navigation, the first scroll
 * the table of contents: runtime.tsx). Where the page hydrates without waiting (the search page,
 * `sitegen dev`), it waits here for the attribute to change.
 */

/** Runs `task` once intent has been shown: at once if it has. Returns the remover (the task then never runs). */
export function onFirstIntent(task: () => void): () => void {
  const root = document.documentElement;
  const shown = () => root.getAttribute('data-intent') === 'shown';
  if (shown()) {
    let cancelled = false;
    queueMicrotask(() => {
      if (!cancelled) task();
    });
    return () => {
      cancelled = true;
    };
  }
  const observer = new MutationObserver(() => {
    if (!shown()) return;
    observer.disconnect();
    task();
  });
  observer.observe(root, { attributes: true, attributeFilter: ['data-intent'] });
  return () => observer.disconnect();
}
