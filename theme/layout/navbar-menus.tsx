import type { NavbarItem, NavbarLink } from '../../src/navbar-model.ts';
import { navbarLinks } from '../../src/navbar-model.ts';
import type { SiteData } from '../../src/model.ts';
import { useRouter } from '../runtime/router-context.tsx';
import { NavbarAnchor } from './navbar-items.tsx';

/**
 * The navbar's menus: a `dropdown` item's links, and the locale menu (this page in each locale).
 * Each is a native `<details>`, which opens and closes without script, styled as the version menu
 * (versions.css, which pages with a menu link). Only sites with such items use this code: it is a
 * later part (theme/layout/later-parts.tsx), not in what every page hydrates first.
 */
export function NavbarDropdown({ item, items, highlight, variant }: {
  item: Extract<NavbarItem, { items: NavbarLink[] }>;
  /** All the navbar's items (the site data's own array: a later part's props must stay the same objects). */
  items: NavbarItem[]; highlight: string | undefined; variant: 'navbar' | 'mobile';
}) {
  const links = navbarLinks(items);
  return (
    <details className={variant === 'navbar' ? 'navbar-dropdown' : 'navbar-dropdown mobile-navbar-dropdown'}>
      <summary>{item.label}</summary>
      <ul>{item.items.map((child) => <li key={child.href}><NavbarAnchor item={child} links={links} highlight={highlight} variant={variant} /></li>)}</ul>
    </details>
  );
}

/** The locale menu: this page's route under each locale's base URL; links load in full (`hreflang`). */
export function LocaleMenu({ locales, variant }: { locales: NonNullable<SiteData['locales']>; variant: 'navbar' | 'mobile' }) {
  const { route } = useRouter();
  const current = locales.list.find((l) => l.name === locales.current) ?? locales.list[0]!;
  return (
    <details className={variant === 'navbar' ? 'navbar-dropdown locale-menu' : 'navbar-dropdown mobile-navbar-dropdown locale-menu'}>
      <summary aria-label={`Language: ${current.label}`}>{current.label}</summary>
      <ul>
        {locales.list.map((l) => (
          <li key={l.name}>
            <a className={variant === 'navbar' ? 'navbar-link' : undefined} href={`${l.baseUrl}${route.replace(/^\//, '')}`} hrefLang={l.name} lang={l.name} aria-current={l.name === current.name ? 'true' : undefined}>{l.label}</a>
          </li>
        ))}
      </ul>
    </details>
  );
}
