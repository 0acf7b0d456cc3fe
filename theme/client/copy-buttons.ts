/**
 * The copy buttons of code blocks, in pre-rendered Markdown. They are in the markup, `hidden`;
 * the stylesheet shows them where script runs (`.js`), so nothing changes the page here: one
 * listener for every button, present and future.
 */
async function copy(button: HTMLButtonElement): Promise<void> {
  const code = button.closest('.code-block')?.querySelector('pre code') as HTMLElement | null;
  if (!code) return;
  const text = code.innerText.replace(/\n$/, '');
  try {
    await navigator.clipboard.writeText(text);
    button.textContent = 'Copied';
    button.setAttribute('aria-label', 'Copied');
  } catch {
    button.textContent = 'Copy failed';
  }
  setTimeout(() => {
    button.textContent = 'Copy';
    button.setAttribute('aria-label', 'Copy code');
  }, 1500);
}

export function listenForCopyButtons(): void {
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest?.('.copy-button');
    if (button instanceof HTMLButtonElement) void copy(button);
  });
}
