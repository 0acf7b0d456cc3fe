/** The navbar's items as pages carry them (`SiteData.navbar.items`, src/page-model.ts). */
/** A navbar link. */
export interface NavbarLink { label: string; href: string; external: boolean; activeBasePath?: string }

/** A navbar item: a link, the config's raw HTML (Docusaurus's `html` item), or a menu of links (`dropdown`). */
export type NavbarItem = NavbarLink | { html: string } | { label: string; items: NavbarLink[] };

/** The links of navbar items, a menu's in its place; raw HTML has none. */
export function navbarLinks(items: readonly NavbarItem[]): NavbarLink[] {
  return items.flatMap((item) => ('html' in item ? [] : 'items' in item ? item.items : [item]));
}
