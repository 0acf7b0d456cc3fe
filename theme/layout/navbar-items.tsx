import type { NavbarItem, NavbarLink } from '../../src/navbar-model.ts';
import { navbarLinks } from '../../src/navbar-model.ts';
import { useUrl } from '../runtime/base-url.tsx';
import { navbarCurrent } from './navbar-current.ts';
import type { SiteData } from '../../src/model.ts';
import { LocaleMenu, NavbarDropdown } from './later-parts.tsx';

/**
 * The navbar's items as list items, in the navbar (`variant: 'navbar'`) or the phone menu: links;
 * the config's raw HTML (Docusaurus's `html` item); and menus of links (`dropdown`) and the locale
 * menu, whose code comes later (theme/layout/navbar-menus.tsx).
 */
export function NavbarItems({ items, highlight, variant, locales }: {
  items: NavbarItem[]; highlight: string | undefined; variant: 'navbar' | 'mobile';
  /** The site's locales (`SiteData.locales`), for the locale menu. */
  locales?: SiteData['locales'];
}) {
  const links = navbarLinks(items);
  return (
    <>
      {items.map((item, i) => {
        if ('html' in item) return <li key={`html-${i}`} className="navbar-html" dangerouslySetInnerHTML={{ __html: item.html }} />;
        if ('localeMenu' in item) return locales ? <li key={`locales-${i}`}><LocaleMenu locales={locales} variant={variant} /></li> : null;
        if ('items' in item) return <li key={`menu-${i}`}><NavbarDropdown item={item} items={items} highlight={highlight} variant={variant} /></li>;
        return <li key={item.href}><NavbarAnchor item={item} links={links} highlight={highlight} variant={variant} /></li>;
      })}
    </>
  );
}

/** One navbar link, marked current where the page is under it (navbar-current.ts). */
export function NavbarAnchor({ item, links, highlight, variant }: { item: NavbarLink; links: NavbarLink[]; highlight: string | undefined; variant: 'navbar' | 'mobile' }) {
  const url = useUrl();
  return (
    <a
      className={variant === 'navbar' ? 'navbar-link' : undefined}
      href={item.external ? item.href : url(item.href)}
      aria-current={navbarCurrent(links, item, highlight)}
      {...(item.external ? { rel: 'noopener noreferrer' } : {})}
    >{item.label}</a>
  );
}
