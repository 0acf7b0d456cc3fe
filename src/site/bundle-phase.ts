import { clientBundle } from '../client/bundle-cache.ts';
import type { ClientAssets } from '../client/bundle-client.ts';
import { step } from '../diagnostics/logger.ts';
import { bundleCustomCss, type CustomCss } from '../render/custom-css.ts';
import { loadTheme, type Theme } from '../render/load-theme.ts';
import type { RenderContext } from './render-context.ts';
import { startReactPagesBundle, type FailedBundle, type PagesBundle } from './react-pages-phase.ts';

/**
 * What the bundle phase makes: the server theme (renders pages), the client bundle (hydrates
 * them) and the site's React pages (`src/pages`), when it has any.
 */
export interface Bundles { theme: Theme; client: ClientAssets; pages?: PagesBundle | FailedBundle; customCss?: CustomCss }

/** Bundles on their way: each is made by esbuild off this thread, or was kept by the session. */
export interface StartedBundles { theme: Theme | Promise<Theme>; client: ClientAssets | Promise<ClientAssets>; pages?: Promise<PagesBundle | FailedBundle>; customCss?: Promise<CustomCss> }

/**
 * Starts bundling the theme and the client, unless `kept` has them (a session's last render's:
 * they depend on the theme's files only, and dev forgets them after a theme edit). esbuild works in its own process and
 * thread while this one renders Markdown: they are needed only after it (a cold build of this
 * site: ~0.25 s sooner). A render that keeps a Markdown store keeps both bundles on disk too,
 * and the process keeps the last few it made (a second site with the same theme reuses them).
 */
export function startBundles(ctx: Pick<RenderContext, 'site' | 'store' | 'highlighter'>, kept: Partial<Pick<Bundles, 'theme' | 'client'>> = {}): StartedBundles {
  const { site, store } = ctx;
  const theme = kept.theme ?? loadTheme({ siteRoot: site.root, cache: !!store });
  const client = kept.client ?? clientBundle({ siteRoot: site.root }, !!store);
  // A failure is reported where they are awaited (finishBundles), after the Markdown: never as unhandled.
  for (const bundle of [theme, client]) if (bundle instanceof Promise) bundle.catch(() => undefined);
  // The site's own stylesheets (`customCss`), bundled beside the rest.
  const customCss = site.config.customCss.length
    ? bundleCustomCss({ root: site.root, files: site.config.customCss, fence: site.fence, configFile: site.configFile })
    : undefined;
  customCss?.catch(() => undefined);
  return { theme, client, pages: startReactPagesBundle(ctx), ...(customCss ? { customCss } : {}) };
}

/** Waits for the bundles started by `startBundles`. */
export async function finishBundles(ctx: Pick<RenderContext, 'logger'>, started: StartedBundles): Promise<Bundles> {
  const [theme, client, pages, customCss] = await step(ctx.logger, started.pages ? 'bundle theme, client, pages' : 'bundle theme, client', () => Promise.all([started.theme, started.client, started.pages, started.customCss]));
  return { theme, client, ...(pages ? { pages } : {}), ...(customCss ? { customCss } : {}) };
}
