import { clientBundle } from '../client/bundle-cache.ts';
import type { ClientAssets } from '../client/bundle-client.ts';
import { step } from '../diagnostics/logger.ts';
import { loadTheme, type Theme } from '../render/load-theme.ts';
import type { ReactPagesBundle } from '../render/bundle-react-pages.ts';
import type { RenderContext } from './render-context.ts';
import { startReactPagesBundle, type FailedBundle } from './react-pages-phase.ts';

/**
 * What the bundle phase makes: the server theme (renders pages), the client bundle (hydrates
 * them) and the site's React pages (`src/pages`), when it has any.
 */
export interface Bundles { theme: Theme; client: ClientAssets; pages?: ReactPagesBundle | FailedBundle }

/** Bundles on their way: each is made by esbuild off this thread, or was kept by the session. */
export interface StartedBundles { theme: Theme | Promise<Theme>; client: ClientAssets | Promise<ClientAssets>; pages?: Promise<ReactPagesBundle | FailedBundle> }

/**
 * Starts bundling the theme and the client, unless `kept` has them (a session's last render's:
 * they depend on the theme's files only, and dev forgets them after a theme edit). esbuild works in its own process and
 * thread while this one renders Markdown: they are needed only after it (a cold build of this
 * site: ~0.25 s sooner). A render that keeps a Markdown store keeps both bundles on disk too,
 * and the process keeps the last few it made (a second site with the same theme reuses them).
 */
export function startBundles(ctx: Pick<RenderContext, 'site' | 'store'>, kept: Partial<Pick<Bundles, 'theme' | 'client'>> = {}): StartedBundles {
  const { site, store } = ctx;
  const theme = kept.theme ?? loadTheme({ siteRoot: site.root, cache: !!store });
  const client = kept.client ?? clientBundle({ siteRoot: site.root }, !!store);
  // A failure is reported where they are awaited (finishBundles), after the Markdown: never as unhandled.
  for (const bundle of [theme, client]) if (bundle instanceof Promise) bundle.catch(() => undefined);
  return { theme, client, pages: startReactPagesBundle(ctx) };
}

/** Waits for the bundles started by `startBundles`. */
export async function finishBundles(ctx: Pick<RenderContext, 'logger'>, started: StartedBundles): Promise<Bundles> {
  const [theme, client, pages] = await step(ctx.logger, started.pages ? 'bundle theme, client, pages' : 'bundle theme, client', () => Promise.all([started.theme, started.client, started.pages]));
  return { theme, client, ...(pages ? { pages } : {}) };
}
