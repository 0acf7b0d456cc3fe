/** `/x.html` and `/x/index.html` → `/x`; `/x/` → `/x`: a page's path as its route (client navigation, the head script). */
export function cleanPath(pathname: string): string {
  let p = pathname.replace(/\/index\.html$/, '/').replace(/\.html$/, '');
  if (p.length > 1) p = p.replace(/\/+$/, '');
  return p || '/';
}
