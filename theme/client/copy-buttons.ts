/**
 * The copy buttons of code blocks, in pre-rendered Markdown. They are in the markup, `hidden`;
 * the stylesheet shows them where script runs (`.js`), so nothing changes the page here: one
 * listener for every button, present and future. What a press does is a module of its own
 * (copy-code.ts), fetched at the first press: most readers copy nothing.
 */
export function listenForCopyButtons(): void {
  // In the capture phase, ahead of React: a copy button in a part not hydrated yet is pressed too
  // (theme/runtime/listen-before-react.ts says why; not called here, for the bytes of the first visit).
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest?.('.copy-button');
    if (button instanceof HTMLButtonElement) void import('./copy-code.ts').then((m) => m.copyCode(button), () => {});
  }, true);
}
