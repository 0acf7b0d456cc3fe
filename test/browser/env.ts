/** Debian's Chromium; playwright-core cannot download browsers here. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Quiet, deterministic Chromium: no GPU, no background traffic that could look like page requests. */
export const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--no-first-run',
];

/** Sites built by the global setup: the real site and the browser fixtures. */
export type SiteName = 'real' | 'options' | 'crash' | 'sidebar' | 'skeleton' | 'sidebars' | 'base' | 'pages';

/** What the global setup hands to test files; null when Chromium is missing (suites skip). */
export interface BrowserEnv {
  /** Endpoint of the one shared Chromium (`chromium.connect`). */
  wsEndpoint: string;
  /** Origin of each served site, e.g. `http://127.0.0.1:40123`. */
  sites: Record<SiteName, string>;
}

declare module 'vitest' {
  export interface ProvidedContext {
    browserEnv: BrowserEnv | null;
  }
}
