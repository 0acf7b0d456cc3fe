import { listenBeforeReact } from '../runtime/listen-before-react.ts';
import { trapFocus } from '../runtime/trap-focus.ts';

/** Widths at which the navbar shows its links and the mobile menu has no place (seed spec §9: 996px). */
export const DESKTOP_QUERY = '(min-width: 997px)';

/**
 * While the mobile menu is open (with script; theme/layout/mobile-menu.tsx): the page behind
 * does not scroll (`<html data-menu-open>`); focus moves into `panel`, then is kept in it and in
 * the docs sidebar shown below it; Esc closes the menu, and so
 * does widening the window to where the navbar shows its links. Returns what undoes it all, and
 * gives focus back to the menu button when it was in the menu.
 */
export function whileMenuOpen(options: { panel: HTMLElement; close: () => void; button: () => HTMLElement | null | undefined }): () => void {
  const { panel, close, button } = options;
  // Focus already in the menu (its panel, or the docs sidebar below it: a category pressed
  // before this module came) stays where the reader put it.
  const active = document.activeElement;
  if (!panel.contains(active) && !document.querySelector('.docs-sidebar')?.contains(active)) panel.querySelector<HTMLElement>('a, button')?.focus();
  // The page behind stops scrolling (layout.css), now that the menu is on screen.
  const root = document.documentElement;
  root.setAttribute('data-menu-open', '');
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'Tab') {
      const sidebar = document.querySelector<HTMLElement>('.docs-sidebar');
      trapFocus(sidebar ? [panel, sidebar] : [panel], event);
    }
  };
  // Ahead of React: focus may be in the docs sidebar, a part not hydrated yet (listen-before-react.ts).
  const stopKeys = listenBeforeReact('keydown', onKey);
  const desktop = window.matchMedia(DESKTOP_QUERY);
  const onWiden = () => {
    if (desktop.matches) close();
  };
  desktop.addEventListener('change', onWiden);
  onWiden();
  return () => {
    root.removeAttribute('data-menu-open');
    stopKeys();
    desktop.removeEventListener('change', onWiden);
    // Closed with focus inside (Esc, the close button, a link to this page): back to the button.
    const sidebar = document.querySelector('.docs-sidebar');
    const active = document.activeElement;
    if (active && (panel.contains(active) || sidebar?.contains(active) || active === document.body)) button()?.focus();
  };
}
