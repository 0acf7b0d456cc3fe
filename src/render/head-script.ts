import { createHash } from 'node:crypto';
import type { SiteConfig } from '../config/schema.ts';
import { browserScript } from '../util/browser-script.ts';
import { publicUrl } from '../util/public-url.ts';
import { joinRoute } from '../util/routes.ts';
import type { FontStack } from './font-stacks.ts';
import type { HeadSettings } from './head-script.browser.ts';

/**
 * The only render-blocking script: applies the stored (or system, or default) colour mode and
 * a dismissed announcement bar to <html> before first paint, so neither flashes. It looks up
 * the system fonts the first layout will ask for while the stylesheet is on its way
 * (font-stacks.ts), so that layout does not wait for them.
 * Storage errors fall through to the defaults. It marks <html> with the `js` class (controls that
 * need script are hidden without it) and `mac` on Apple's systems (keyboard hints say ⌘).
 *
 * It answers the reader's first press itself, whether or not the page's scripts have come
 * (issue 41): the colour mode switch steps to the next mode (colour-mode.browser.ts); Ctrl/Cmd+K,
 * `/` and the navbar's search button open a search box at once that keeps every key typed, which
 * the search modal takes over when its code is here (early-search.browser.ts); a closed
 * announcement is remembered. (The mobile menu, the sidebar's categories and the announcement's
 * close button are `<details>`: they need no script at all.)
 *
 * It also starts the hydration entry (`entry`, a module) once the page has been painted and the
 * reader has shown intent (a pointer moving or pressing, a touch, the wheel, a scroll, a key,
 * focus moving, or a click or a change with none of those before it, as assistive technology
 * makes; `<html data-intent>` says `waiting`, then `shown`), with a
 * `<link rel="modulepreload">` for each script the page needs at start (listed in the
 * script element's `data-preload`, so this code is the same on every page and CSP hash). Painted:
 * when the browser reports the first contentful paint, or at the `load` event where paint timing
 * is not supported (animation frames and `load` are not enough: both can come before the frame
 * is on screen). A tab opened in the background hydrates when first shown. Every page reads and
 * navigates without JavaScript, so a reader who only reads downloads no script at all (issue 29:
 * JavaScript fetched until the network is idle), and the HTML and CSS get the connection to
 * themselves until the content is on screen. The search page (`data-hydrate="now"`), whose
 * results need script, and `sitegen dev` (`window.__sitegenEager`) do not wait for intent.
 * Other presses on the page's buttons and choices in its selects before hydration are held, for
 * the runtime to make again once React is up (theme/client/early-events.ts): none is lost. A
 * `<script type="module">` in the markup would be fetched during parsing and, on a fast connection, run before the first paint: Lighthouse (mobile) measured /quickstart's first
 * contentful paint at 1.6 s that way and 0.9 s with this loader (performance 99 → 100).
 */
export function createHeadScript(config: SiteConfig, options: { entry: string; fonts?: FontStack[] }): { code: string; hash: string } {
  const { defaultMode, respectPrefersColorScheme } = config.colorMode;
  const searchPage = publicUrl({ baseUrl: config.baseUrl, path: joinRoute(config.search.searchPagePath) });
  const settings: HeadSettings = { defaultMode, respectPrefersColorScheme, barId: config.announcementBar?.id ?? null, entry: options.entry, searchPage, fonts: options.fonts ?? [] };
  // The script itself is head-script.browser.ts, compiled and minified by esbuild (and cached).
  const code = browserScript({ entry: 'src/render/head-script.browser.ts', placeholder: '__SITEGEN_HEAD__', settings });
  const hash = `sha256-${createHash('sha256').update(code).digest('base64')}`;
  return { code, hash };
}
