import type { NavbarItem, NavbarLink } from '../../src/navbar-model.ts';
import { navbarLinks } from '../../src/navbar-model.ts';
import { useUrl } from '../runtime/base-url.tsx';
import { navbarCurrent } from './navbar-current.ts';
import { useRouter } from '../runtime/router-context.tsx';
import type { SiteData } from '../../src/model.ts';

/**
 * The navbar's items as list items, in the navbar (`variant: 'navbar'`) or the phone menu: links;
 * the config's raw HTML (Docusaurus's `html` item); and menus of links (`dropdown`), each a
 * native `<details>` that opens without script, styled as the version menu (versions.css, which
 * pages with a menu link).
 */
export function NavbarItems({ items, highlight, variant, locales }: {
  items: NavbarItem[]; highlight: string | undefined; variant: 'navbar' | 'mobile';
  /** The site's locales (`SiteData.locales`), for the locale menu. */
  locales?: SiteData['locales'];
}) {
  const url = useUrl();
  const { route } = useRouter();
  const links = navbarLinks(items);
  const anchor = (item: NavbarLink) => (
    <a
      className={variant === 'navbar' ? 'navbar-link' : undefined}
      href={item.external ? item.href : url(item.href)}
      aria-current={navbarCurrent(links, item, highlight)}
      {...(item.external ? { rel: 'noopener noreferrer' } : {})}
    >{item.label}</a>
  );
  return (
    <>
      {items.map((item, i) => {
        if ('html' in item) return <li key={`html-${i}`} className="navbar-html" dangerouslySetInnerHTML={{ __html: item.html }} />;
        if ('localeMenu' in item) {
          if (!locales) return null;
          const current = locales.list.find((l) => l.name === locales.current) ?? locales.list[0];
          // This page in each locale: its route under that locale's base URL.
          return (
            <li key={`locales-${i}`}>
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
            </li>
          );
        }
        if ('items' in item) {
          return (
            <li key={`menu-${i}`}>
              <details className={variant === 'navbar' ? 'navbar-dropdown' : 'navbar-dropdown mobile-navbar-dropdown'}>
                <summary>{item.label}</summary>
                <ul>{item.items.map((child) => <li key={child.href}>{anchor(child)}</li>)}</ul>
              </details>
            </li>
          );
        }
        return <li key={(item as NavbarLink).href}>{anchor(item as NavbarLink)}</li>;
      })}
    </>
  );
}
