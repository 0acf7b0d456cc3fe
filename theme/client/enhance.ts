/**
 * Progressive enhancements of pre-rendered Markdown: copy buttons on code blocks, and keyboard
 * access to tables, which scroll sideways on small screens (a scrollable region must be
 * focusable, WCAG 2.1.1; code blocks get `tabindex` from the highlighter). Runs after every
 * render; idempotent.
 */
export function enhanceContent(): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>('.code-block .copy-button[hidden]')) {
    button.hidden = false;
  }
  for (const table of document.querySelectorAll<HTMLTableElement>('.markdown table:not([tabindex])')) {
    table.tabIndex = 0;
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
