import type { NavbarItem, NavbarLink } from '../../src/navbar-model.ts';
import { navbarLinks } from '../../src/navbar-model.ts';
import { useUrl } from '../runtime/base-url.tsx';
import { navbarCurrent } from './navbar-current.ts';

/**
 * The navbar's items as list items, in the navbar (`variant: 'navbar'`) or the phone menu: links;
 * the config's raw HTML (Docusaurus's `html` item); and menus of links (`dropdown`), each a
 * native `<details>` that opens without script, styled as the version menu (versions.css, which
 * pages with a menu link).
 */
export function NavbarItems({ items, highlight, variant }: { items: NavbarItem[]; highlight: string | undefined; variant: 'navbar' | 'mobile' }) {
  const url = useUrl();
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
        return <li key={item.href}>{anchor(item)}</li>;
      })}
    </>
  );
}
