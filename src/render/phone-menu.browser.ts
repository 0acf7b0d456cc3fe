// The phone menu's presses the inline head script answers itself (head-script.browser.ts), from
// the first paint whatever has hydrated: its close button, and a second tap on its button.

/**
 * The phone menu's close button closes it (its `<details>`) whatever React has hydrated. The
 * menu's own module comes once the menu is first opened (theme/layout/later-parts.tsx): a press
 * on the button before it has hydrated the menu had no handler to answer it, and a click held for
 * React and made again after hydration reached a menu not hydrated yet, which then took the open
 * state it found. Hydrated, the menu follows the `<details>` (its `toggle`).
 */
export function closeMenuOnPress(): void {
  addEventListener('click', (event) => {
    const target = event.target as Element | null;
    const button = target && target.closest ? target.closest('.mobile-menu-close') : null;
    const menu = button && (button.closest('details') as HTMLDetailsElement | null);
    if (menu) menu.open = false;
  }, true);
}

/**
 * A second tap on the phone menu's button, soon after the one that opened the menu, is the same
 * reader tapping twice (a double tap, or a tap again before the menu showed), not a press on what
 * the open menu now shows there: with the announcement bar above the navbar, its first link
 * ("Quickstart") lies under the button, and the second tap opened that page. Such a click, within
 * `REPEAT_TAP_MS` of the frame that showed the menu and on the button's spot, does nothing.
 * Here, so that it holds before the scripts come and after (the menu is the same `<details>`).
 * A click with no pointer (`detail` 0: a key, assistive technology) is always the reader's choice.
 */
export function ignoreRepeatedMenuTap(): void {
  let shown = -Infinity;
  let spot: DOMRect | null = null;
  addEventListener('click', (event) => {
    const target = event.target as Element | null;
    if (!target || !target.closest) return;
    const button = target.closest('.navbar-menu > summary');
    if (button) {
      if ((button.parentElement as HTMLDetailsElement).open) return;
      // It is about to open: the clock starts at the frame that shows it.
      spot = button.getBoundingClientRect();
      shown = Infinity;
      requestAnimationFrame(() => { shown = performance.now(); });
      return;
    }
    const { clientX: x, clientY: y, detail } = event as MouseEvent;
    if (!spot || detail === 0 || event.timeStamp - shown > REPEAT_TAP_MS || !target.closest('.mobile-menu')) return;
    if (x < spot.left - TAP_SLOP_PX || x > spot.right + TAP_SLOP_PX || y < spot.top - TAP_SLOP_PX || y > spot.bottom + TAP_SLOP_PX) return;
    event.preventDefault();
    event.stopImmediatePropagation();
  }, true);
}

/** How long after the menu shows a tap where its button was counts as the same reader's second tap, in ms (a double tap's interval is 300–500 ms). */
const REPEAT_TAP_MS = 500;
/** How far from the button's box a second tap still counts as on it, in px (a finger's spread). */
const TAP_SLOP_PX = 12;
