import type { DocPageVersion } from '../../src/page-model.ts';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { SiteData } from '../../src/model.ts';
import { CloseIcon, MenuIcon, NamedIcon } from './icons.tsx';
import { useRouter } from '../runtime/router-context.tsx';
import { NavbarItems } from './navbar-items.tsx';
import { VersionMenu } from './later-parts.tsx';
import { whileMenuOpen } from './menu-open.ts';

/**
 * The menu below 996px: a `<details>` whose summary is the menu button, so that it opens in the
 * frame after the press whether the page's scripts have come or not (and without JavaScript),
 * with a backdrop that closes it (the open summary's `::before`, layout.css). Its panel holds
 * the navbar links, the current section marked; on docs pages the page's own docs sidebar shows
 * below them (layout.css: the sidebar is not written twice, and the open dialog owns it). This
 * module comes when the menu is first opened (theme/layout/later-parts.tsx). Hydrated, React
 * keeps the state it finds (a menu opened before then stays open), and adds what needs script:
 * Esc and a close button, focus moved in on open, kept inside (with the sidebar) and given back on close, and
 * closing on a route change or when the window widens past the breakpoint.
 */
export function MobileMenu({ site, highlight, withSidebar, version }: {
  site: SiteData;
  /** The docs version of the page shown (its version menu). */
  version?: DocPageVersion;
  /** The route whose section is current (as the navbar marks it). */
  highlight?: string;
  /** The page has a docs sidebar (`#docs-sidebar`), which shows below the menu's links. */
  withSidebar: boolean;
}) {
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
  // While open: what needs script (this module comes only when the menu is first opened, or
  // with client navigation: theme/layout/later-parts.tsx).
  const latest = useRef({ close: () => setOpen(false), button: () => details.current?.querySelector('summary') });
  useEffect(() => {
    if (!open) return;
    return whileMenuOpen({ panel: panel.current!, close: () => latest.current.close(), button: () => latest.current.button() });
  }, [open]);
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
          <NavbarItems items={navbar.items} highlight={highlight} variant="mobile" locales={site.locales} />
          {navbar.versionMenu && <li><VersionMenu site={site} version={version} className="version-menu mobile-version-menu" /></li>}
          {navbar.iconLinks.map((link) => (
            <li key={link.href}>
              <a className="mobile-menu-icon-link" href={link.href} rel="noopener noreferrer">
                <NamedIcon name={link.icon} />
                <span className="mobile-menu-label">{link.label}</span>
              </a>
            </li>
          ))}
        </ul>
      </div>
    </details>
  );
}
