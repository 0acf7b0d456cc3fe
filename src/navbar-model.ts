/** The navbar's items as pages carry them (`SiteData.navbar.items`, src/page-model.ts). */
/** A navbar link. */
export interface NavbarLink { label: string; href: string; external: boolean; activeBasePath?: string }

/** A navbar item: a link, the config's raw HTML (Docusaurus's `html` item), a menu of links (`dropdown`), or the menu of the site's locales (`localeDropdown`). */
export type NavbarItem = NavbarLink | { html: string } | { label: string; items: NavbarLink[] } | { localeMenu: true };

/** The links of navbar items, a menu's in its place; raw HTML has none. */
export function navbarLinks(items: readonly NavbarItem[]): NavbarLink[] {
  return items.flatMap((item) => ('html' in item || 'localeMenu' in item ? [] : 'items' in item ? item.items : [item]));
}

/** A site built in several locales (`i18n`, `SiteData.locales`): each, its label and base URL, and the one of these pages. */
export interface SiteLocales { list: { name: string; label: string; baseUrl: string }[]; current: string }
