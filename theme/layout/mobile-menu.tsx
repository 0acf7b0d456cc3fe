import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { SiteData } from '../../src/model.ts';
import { CloseIcon, MenuIcon, NamedIcon } from './icons.tsx';
import { trapFocus } from '../runtime/trap-focus.ts';
import { useUrl } from '../runtime/base-url.tsx';
import { useRouter } from '../runtime/router-context.tsx';
import { navbarCurrent } from './navbar-current.ts';

/** Widths at which the navbar shows its links and the mobile menu has no place (seed spec §9: 996px). */
export const DESKTOP_QUERY = '(min-width: 997px)';

/**
 * The menu below 996px: a `<details>` whose summary is the menu button, so that it opens in the
 * frame after the press whether the page's scripts have come or not (and without JavaScript),
 * with a backdrop that closes it (the open summary's `::before`, layout.css). Its panel holds
 * the navbar links, the current section marked; on docs pages the page's own docs sidebar shows
 * below them (layout.css: the sidebar is not written twice, and the open dialog owns it). Once hydrated, React keeps the state
 * it finds (a menu opened before then stays open), and adds what needs script: Esc and a close
 * button, focus moved in on open, kept inside (with the sidebar) and given back on close, and
 * closing on a route change or when the window widens past the breakpoint.
 */
export function MobileMenu({ site, highlight, withSidebar }: {
  site: SiteData;
  /** The route whose section is current (as the navbar marks it). */
  highlight?: string;
  /** The page has a docs sidebar (`#docs-sidebar`), which shows below the menu's links. */
  withSidebar: boolean;
}) {
  const url = useUrl();
  const { route } = useRouter();
  const details = useRef<HTMLDetailsElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  // Opened before hydration: React takes over the menu as it is.
  useLayoutEffect(() => {
    if (details.current!.open) setOpen(true);
  }, []);
  // A new page closes the menu (not the first render: that is the page it was opened on).
  const shownRoute = useRef(route);
  useEffect(() => {
    if (shownRoute.current === route) return;
    shownRoute.current = route;
    setOpen(false);
  }, [route]);
  useOpenMenu({ open, panel, close: () => setOpen(false), button: () => details.current?.querySelector('summary') });
  const { navbar } = site;
  return (
    <details ref={details} className="navbar-menu" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="icon-button navbar-menu-button" aria-label="Navigation menu"><MenuIcon /></summary>
      {/* Open with script, a modal dialog (focus kept in it) that owns the docs sidebar shown below
          it, which is elsewhere in the page; without script, a disclosure's panel. */}
      <div
        ref={panel}
        id="mobile-menu"
        className="mobile-menu"
        role="dialog"
        aria-modal={open ? true : undefined}
        aria-owns={open && withSidebar ? 'docs-sidebar' : undefined}
        aria-label="Navigation menu"
      >
        <div className="mobile-menu-header">
          <span className="navbar-title">{navbar.title}</span>
          <button type="button" className="icon-button mobile-menu-close" aria-label="Close navigation menu" onClick={() => setOpen(false)}>
            <CloseIcon />
          </button>
        </div>
        <ul className="mobile-menu-items">
          {navbar.items.map((item) => (
            <li key={item.label}><a href={url(item.href)} aria-current={navbarCurrent(navbar.items, item, highlight)}>{item.label}</a></li>
          ))}
          {navbar.iconLinks.map((link) => (
            <li key={link.href}>
              <a className="mobile-menu-icon-link" href={link.href} rel="noopener noreferrer">
                <NamedIcon name={link.icon} />
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </details>
  );
}

/**
 * While the menu is open (with script): focus in it (then kept in it and the docs sidebar shown
 * below it), Esc closes it, and so does widening the window to where the navbar shows its links.
 * Focus goes back to the menu button when it closes.
 */
function useOpenMenu(options: {
  open: boolean; panel: React.RefObject<HTMLDivElement | null>; close: () => void; button: () => HTMLElement | null | undefined;
}): void {
  const { open, panel, close, button } = options;
  const latest = useRef({ close, button });
  latest.current = { close, button };
  useEffect(() => {
    if (!open) return;
    const node = panel.current!;
    if (!node.contains(document.activeElement)) node.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        latest.current.close();
      } else if (event.key === 'Tab') {
        const sidebar = document.querySelector<HTMLElement>('.docs-sidebar');
        trapFocus(sidebar ? [node, sidebar] : [node], event);
      }
    };
    document.addEventListener('keydown', onKey);
    // The menu exists only below the breakpoint: widening the window past it closes the menu.
    const desktop = window.matchMedia(DESKTOP_QUERY);
    const onWiden = () => {
      if (desktop.matches) latest.current.close();
    };
    desktop.addEventListener('change', onWiden);
    onWiden();
    return () => {
      document.removeEventListener('keydown', onKey);
      desktop.removeEventListener('change', onWiden);
      // Closed with focus inside (Esc, the close button, a link to this page): back to the button.
      const sidebar = document.querySelector('.docs-sidebar');
      const active = document.activeElement;
      if (active && (node.contains(active) || sidebar?.contains(active) || active === document.body)) latest.current.button()?.focus();
    };
  }, [open, panel]);
}
