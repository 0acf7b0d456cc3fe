import type { NavbarLink as NavbarItem } from '../../src/navbar-model.ts';
import { isUnder } from '../runtime/router-context.tsx';

/**
 * `aria-current` of a navbar item: `page` on the item's own page, `true` on the other pages of
 * its section (screen readers say "current page" only of the page itself), else none. `items`
 * are every link of the navbar (`navbarLinks`), a menu's included.
 */
export function navbarCurrent(items: NavbarItem[], item: NavbarItem, highlight: string | undefined): 'page' | 'true' | undefined {
  if (item.external || highlight === undefined) return undefined;
  if (!isActive(highlight, item.activeBasePath ?? item.href, items.map((i) => i.activeBasePath ?? i.href))) return undefined;
  return highlight === item.href ? 'page' : 'true';
}

/**
 * An item is active when the route is under its base path and no other item's base path is a
 * longer match (so `/` for Docs does not light up on `/blog`).
 */
function isActive(route: string, base: string, allBases: string[]): boolean {
  const matches = allBases.filter((b) => isUnder(route, b));
  if (matches.length) return matches.sort((a, b) => b.length - a.length)[0] === base;
  // Docs live at the root: any route not claimed by another item belongs to Docs.
  return base === '/' && !route.startsWith('/blog') && !route.startsWith('/search');
}
