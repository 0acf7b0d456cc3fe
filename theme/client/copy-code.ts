/** Copies the code of the block `button` belongs to, and says so on the button for a moment. */
export async function copyCode(button: HTMLButtonElement): Promise<void> {
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
