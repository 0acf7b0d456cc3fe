/**
 * Progressive enhancements of pre-rendered Markdown: copy buttons on code blocks (tables and code
 * get their `tabindex` at build time). Runs after every render; idempotent.
 */
export function enhanceContent(): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>('.code-block .copy-button[hidden]')) {
    button.hidden = false;
  }
}

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

document.addEventListener('click', (event) => {
  const button = (event.target as Element | null)?.closest?.('.copy-button');
  if (button instanceof HTMLButtonElement) void copy(button);
});
