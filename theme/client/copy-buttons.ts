/**
 * The copy buttons of code blocks, in pre-rendered Markdown. They are in the markup, `hidden`;
 * the stylesheet shows them where script runs (`.js`), so nothing changes the page here: one
 * listener for every button, present and future. What a press does is a module of its own
 * (copy-code.ts), fetched at the first press: most readers copy nothing.
 */
export function listenForCopyButtons(): void {
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest?.('.copy-button');
    if (button instanceof HTMLButtonElement) void import('./copy-code.ts').then((m) => m.copyCode(button), () => {});
  });
}
