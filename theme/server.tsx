import { renderToString } from 'react-dom/server';
import type { PageData, SiteData } from '../src/model.ts';
import { App } from './app.tsx';
import { loadLater, withoutBoundaries } from './runtime/later.tsx';
import { needsBodyAtStart, pageModuleFiles, pageModuleOf, registerPageModules } from './pages/page-modules.ts';
import * as blog from './pages/views/blog.tsx';
import * as docs from './pages/views/docs.tsx';
import * as notFound from './pages/views/not-found.tsx';
import * as search from './pages/views/search.tsx';
import * as standalone from './pages/views/page.tsx';

registerPageModules({ docs, blog, search, 'not-found': notFound, page: standalone });
// The parts the browser hydrates later are rendered like the rest on the server. One that cannot
// be loaded (an override without the export) throws when a page shows it.
await loadLater().catch(() => {});

/**
 * For the build: the theme file that renders pages of `type`, when their body is hydrated at once,
 * to preload its bundle on those pages; else undefined (the module comes later: later-parts.tsx).
 */
export function pageModuleFile(type: PageData['type']): string | undefined {
  return needsBodyAtStart(type) ? pageModuleFiles[pageModuleOf[type]] : undefined;
}

/**
 * Server entry: renders the body markup of one page. The build bundles this file with esbuild
 * (applying a site's theme overrides) and calls it once per route.
 */
export function renderApp(site: SiteData, page: PageData): string {
  const [route, search] = [page.route, ''];
  const app = <App site={site} page={page} router={{ route, search, navigate: () => {} }} />;
  const html = renderToString(app);
  // A part hydrated later that threw was left to the browser: render again to throw its error.
  if (html.includes('<!--$!-->')) withoutBoundaries(() => renderToString(app));
  return html;
}
