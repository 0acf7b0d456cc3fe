/**
 * Listens to `type` on the document in the capture phase, ahead of React's own listener on the
 * app's root. React stops an event whose target is inside a part it has not hydrated yet (a later
 * part whose code is still on its way, theme/runtime/later.tsx: a dehydrated Suspense boundary):
 * a press, a key, a focus or a pointer moving over it goes no further than the root, so that
 * React can replay it to its own handlers once the part is hydrated. A listener of ours on the
 * document's bubble phase never saw it: a copy button of the article did nothing, and Ctrl+K
 * from a link in the article was the browser's, until the reader had scrolled or pointed at a
 * link. Returns what removes the listener.
 *
 * @example
 * listenBeforeReact('click', (event) => { … });
 */
export function listenBeforeReact<K extends keyof DocumentEventMap>(type: K, listener: (event: DocumentEventMap[K]) => void): () => void {
  // No `passive`: Chromium makes a document's touch listeners passive by itself.
  document.addEventListener(type, listener, true);
  return () => document.removeEventListener(type, listener, true);
}
