import { useEffect, useRef } from 'react';
import type { SidebarItem, SiteData } from '../../src/model.ts';
import { Sidebar } from '../docs/sidebar.tsx';
import { CloseIcon, NamedIcon } from './icons.tsx';
import { trapFocus } from '../runtime/trap-focus.ts';
import { useUrl } from '../runtime/base-url.tsx';
import { navbarCurrent } from './navbar-current.ts';

/** Widths at which the navbar shows its links and the mobile menu has no place (seed spec §9: 996px). */
export const DESKTOP_QUERY = '(min-width: 997px)';

/**
 * The menu panel shown below 996px: navbar links and, on docs pages, the docs sidebar. Focus
 * moves into it on open, is trapped while open and returns to the menu button on close; Esc,
 * the close button and a backdrop click close it.
 */
export function MobileMenu({ open, onClose, site, sidebar, highlight }: {
  open: boolean; onClose: () => void; site: SiteData; sidebar: SidebarItem[] | undefined;
  /** The route whose section is current (as the navbar marks it). */
  highlight?: string;
}) {
  const url = useUrl();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const node = panel.current!;
    node.querySelector<HTMLElement>('button, a')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onClose();
      } else if (event.key === 'Tab') {
        trapFocus(node, event);
      }
    };
    document.addEventListener('keydown', onKey);
    document.body.classList.add('scroll-locked');
    // The menu exists only below the breakpoint: widening the window past it closes the menu
    // (and unlocks the page), as the navbar links are then on screen.
    const desktop = window.matchMedia(DESKTOP_QUERY);
    const onWiden = () => {
      if (desktop.matches) onClose();
    };
    desktop.addEventListener('change', onWiden);
    onWiden();
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.classList.remove('scroll-locked');
      desktop.removeEventListener('change', onWiden);
    };
  }, [open, onClose]);

  if (!open) return null;
  return (
    <div className="mobile-menu-root">
      <div className="mobile-menu-backdrop" data-testid="mobile-menu-backdrop" onClick={onClose} />
      <div ref={panel} id="mobile-menu" className="mobile-menu" role="dialog" aria-modal="true" aria-label="Navigation menu">
        <div className="mobile-menu-header">
          <span className="navbar-title">{site.navbar.title}</span>
          <button type="button" className="icon-button" aria-label="Close navigation menu" onClick={onClose}>
            <CloseIcon />
          </button>
        </div>
        <ul className="mobile-menu-items">
          {site.navbar.items.map((item) => (
            <li key={item.label}><a href={url(item.href)} aria-current={navbarCurrent(site.navbar.items, item, highlight)}>{item.label}</a></li>
          ))}
          {site.navbar.iconLinks.map((link) => (
            <li key={link.href}>
              <a className="mobile-menu-icon-link" href={link.href} rel="noopener noreferrer">
                <NamedIcon name={link.icon} />
                {link.label}
              </a>
            </li>
          ))}
        </ul>
        {sidebar && (
          <div className="mobile-menu-sidebar">
            <Sidebar items={sidebar} label="Docs sidebar (menu)" />
          </div>
        )}
      </div>
    </div>
  );
}
