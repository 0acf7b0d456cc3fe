import { mdxSiteFacts } from '../mdx/mdx-site.ts';
import { createHash } from 'node:crypto';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { step } from '../diagnostics/logger.ts';
import { SitegenError } from '../diagnostics/sitegen-error.ts';
import { bundleReactPages, type ReactPagesBundle } from '../render/bundle-react-pages.ts';
import { renderReactPages } from '../render/render-react-pages.ts';
import type { RenderedReactPage } from '../routes/plan-react-pages.ts';
import type { RenderContext } from './render-context.ts';
import { siteMdxCompiler } from '../mdx/render-mdx-files.ts';
import type { AssetCopies } from '../markdown/pool/resolve-targets.ts';

/**
 * Starts bundling the site's React pages (none: nothing to do). esbuild works off this thread
 * while the Markdown renders, as the theme's bundles do. Never kept by a session: the pages are
 * the site's files, not the theme's, and a reload that changes one loads the site anew.
 */
export function startReactPagesBundle(ctx: Pick<RenderContext, 'site' | 'highlighter'>): Promise<PagesBundle | FailedBundle> | undefined {
  const { site } = ctx;
  if (!site.pages.react.length) return undefined;
  // `.md` imports are compiled as the MDX pages' partials are: their links to docs and posts
  // resolve, and their images are copied with the pages' (`assets`, for the files phase).
  const assets: AssetCopies = new Map();
  const loadPartial = pagePartials(ctx, assets);
  // The site's own errors (an import that cannot be resolved) are diagnostics reported with the
  // rest of the run's; anything else is thrown where it is awaited (finishBundles).
  const bundle = bundleReactPages({ siteRoot: site.root, pages: site.pages.react, loadPartial })
    .then((made) => ({ ...made, assets }))
    .catch((error: unknown) => (error instanceof SitegenError ? { diagnostics: error.diagnostics } : Promise.reject(error)));
  bundle.catch(() => undefined);
  return bundle;
}

/**
 * Compiles the `.md`/`.mdx` files React pages import, as MDX pages' partials are compiled: their
 * links to docs and posts resolve, and the images they use are registered in `assets`.
 */
export function pagePartials(ctx: Pick<RenderContext, 'site' | 'highlighter'>, assets: AssetCopies): ReturnType<typeof siteMdxCompiler>['loadPartial'] {
  const { site } = ctx;
  const routeByFile = new Map([...site.docs, ...site.posts].map((s) => [s.file, s.route]));
  return siteMdxCompiler({ root: site.root, config: site.config, routeByFile, assets, highlighter: ctx.highlighter }).loadPartial;
}

/** The React pages' bundle, and the images their `.md` imports use (to copy with the Markdown's). */
export type PagesBundle = ReactPagesBundle & { assets: AssetCopies };

/** A bundle that could not be made, and why. */
export interface FailedBundle { diagnostics: Diagnostic[] }

/**
 * Renders the React pages with their bundle and writes the CSS they import (one file for all of
 * them, as Docusaurus ships one: `assets/css/pages.<hash>.css`). A page that cannot render is a
 * diagnostic; the plan then fails on it with every other error found so far.
 */
export async function renderReactPagesPhase(ctx: Pick<RenderContext, 'site' | 'config' | 'out' | 'logger' | 'highlighter'>, bundle: ReactPagesBundle | FailedBundle | undefined): Promise<{ rendered: RenderedReactPage[]; diagnostics: Diagnostic[] }> {
  if (!bundle) return { rendered: [], diagnostics: [] };
  if ('diagnostics' in bundle) return { rendered: [], diagnostics: bundle.diagnostics };
  const { site, config, out } = ctx;
  return step(ctx.logger, `render ${site.pages.react.length} React pages`, async () => {
    const css = bundle.css ? { path: `assets/css/pages.${createHash('sha256').update(bundle.css).digest('hex').slice(0, 10)}.css`, contents: bundle.css } : undefined;
    const { rendered, diagnostics } = await renderReactPages({
      config, siteRoot: site.root, pages: site.pages.react, bundle, stylesheets: css ? [`/${css.path}`] : [], highlighter: ctx.highlighter, siteFacts: mdxSiteFacts(site),
    });
    if (css) await out.write(css.path, css.contents);
    return { rendered, diagnostics };
  });
}
