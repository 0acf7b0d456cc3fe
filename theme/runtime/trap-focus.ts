/** Keeps Tab and Shift+Tab cycling inside `container`. */
export function trapFocus(container: HTMLElement, event: KeyboardEvent): void {
  const focusable = [...container.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), input, summary, [tabindex]:not([tabindex="-1"])')]
    .filter((el) => isShown(el) || el === document.activeElement);
  if (focusable.length === 0) return;
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  } else if (!container.contains(document.activeElement)) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * Whether an element can take focus by Tab. The content of a closed `<details>` keeps its layout
 * in Chromium (it is hidden with `content-visibility`), so `offsetParent` alone would count the
 * links of closed sidebar categories and the trap would miss its real last stop.
 */
function isShown(el: HTMLElement): boolean {
  return typeof el.checkVisibility === 'function' ? el.checkVisibility() : el.offsetParent !== null;
}
