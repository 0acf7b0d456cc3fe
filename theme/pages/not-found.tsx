import { navbarLinks } from '../../src/navbar-model.ts';
import type { SiteData } from '../../src/model.ts';
import { useUi } from '../runtime/ui-context.tsx';
import { useUrl } from '../runtime/base-url.tsx';

/** The 404 page: says so, offers search and the main links. */
export function NotFoundPage({ site }: { site: SiteData }) {
  const url = useUrl();
  const { openSearch } = useUi();
  return (
    <main id="main-content" className="not-found" tabIndex={-1}>
      <h1 className="page-title">Page not found</h1>
      <p>We could not find what you were looking for. The page may have moved, or the link that brought you here may be out of date.</p>
      <form className="not-found-search" action={url(`/${site.search.searchPagePath}`)} method="get" role="search"
        onSubmit={(e) => {
          e.preventDefault();
          openSearch(new FormData(e.currentTarget).get('q')?.toString() ?? '');
        }}>
        <label htmlFor="not-found-q">Search the docs</label>
        <div className="not-found-search-row">
          <input id="not-found-q" name="q" type="search" className="search-input" placeholder="Search docs" />
          <button type="submit" className="button">Search</button>
        </div>
      </form>
      <h2>Try one of these</h2>
      <ul className="not-found-links">
        {navbarLinks(site.navbar.items).map((item) => <li key={item.href}><a href={url(item.href)}>{item.label}</a></li>)}
      </ul>
    </main>
  );
}
