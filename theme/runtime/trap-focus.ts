/** Keeps Tab and Shift+Tab cycling inside `container` (or several, in the order given). */
export function trapFocus(container: HTMLElement | HTMLElement[], event: KeyboardEvent): void {
  const containers = Array.isArray(container) ? container : [container];
  const focusable = containers.flatMap((c) => [...c.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), input, summary, [tabindex]:not([tabindex="-1"])')])
    .filter((el) => isShown(el) || el === document.activeElement);
  if (focusable.length === 0) return;
  const first = focusable[0]!;
  const last = focusable[focusable.length - 1]!;
  const at = focusable.indexOf(document.activeElement as HTMLElement);
  if (event.shiftKey && at === 0) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && at === focusable.length - 1) {
    event.preventDefault();
    first.focus();
  } else if (!containers.some((c) => c.contains(document.activeElement))) {
    event.preventDefault();
    first.focus();
  } else if (containers.length > 1 && at >= 0) {
    // From one container to the next, which need not follow it in the document.
    event.preventDefault();
    focusable[at + (event.shiftKey ? -1 : 1)]!.focus();
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
