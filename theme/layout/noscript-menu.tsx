import type { SiteData } from '../../src/model.ts';
import { MenuIcon } from './icons.tsx';
import { useUrl } from '../runtime/base-url.tsx';

declare const SITEGEN_BROWSER: true | undefined;

/**
 * The mobile menu for readers without JavaScript: a `<details>` in place of the menu button,
 * whose panel holds the navbar links. On docs pages, opening it also shows the page's own docs
 * sidebar below the links (CSS, `:has()`: the sidebar is not written twice; its categories are
 * `<details>` too). Inside `<noscript>`, so it costs a hydrated page nothing.
 */
export function NoScriptMenu({ site }: { site: SiteData }) {
  const url = useUrl();
  // React never shows or hydrates what a `<noscript>` holds in the browser: the client bundle
  // (where `SITEGEN_BROWSER` is defined) leaves that code out.
  if (typeof SITEGEN_BROWSER !== 'undefined') return <noscript />;
  return (
    <noscript>
      <details className="nojs-menu">
        <summary className="icon-button nojs-menu-button" aria-label="Navigation menu"><MenuIcon /></summary>
        <ul className="nojs-menu-panel mobile-menu-items">
          {site.navbar.items.map((item) => <li key={item.label}><a href={url(item.href)}>{item.label}</a></li>)}
        </ul>
      </details>
    </noscript>
  );
}
