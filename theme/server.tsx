import { renderToString } from 'react-dom/server';
import type { PageData, SiteData } from '../src/model.ts';
import { App } from './app.tsx';

/**
 * Server entry: renders the body markup of one page. The build bundles this file with esbuild
 * (applying a site's theme overrides) and calls it once per route.
 */
export function renderApp(site: SiteData, page: PageData): string {
  const [route, search] = [page.route, ''];
  return renderToString(
    <App site={site} page={page} router={{ route, search, navigate: () => {} }} />,
  );
}
