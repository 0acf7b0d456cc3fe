/** Debian's Chromium; playwright-core cannot download browsers here. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * Quiet, deterministic Chromium: no GPU, no background traffic that could look like page
 * requests, and no outside network. Every host but localhost and 127.0.0.1 fails to resolve at once, so a
 * page's request to a CDN (KaTeX's stylesheet, which the first paint waits for) fails the same
 * way on every machine, instead of loading where there is a network and hanging for minutes where
 * DNS is slow (a browser run saw two math pages wait 180 s). Tests that stand in for an outside
 * service route its requests, which never reach the resolver.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--no-first-run', '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
];

/** Sites built by the global setup: the real site and the browser fixtures. */
export type SiteName = 'real' | 'options' | 'crash' | 'sidebar' | 'skeleton' | 'sidebars' | 'base' | 'pages' | 'versions' | 'docusaurus';

/** What the global setup hands to test files; null when Chromium is missing (suites skip). */
export interface BrowserEnv {
  /** Endpoint of the one shared Chromium (`chromium.connect`). */
  wsEndpoint: string;
  /** Origin of each served site, e.g. `http://127.0.0.1:40123`. */
  sites: Record<SiteName, string>;
  /** Where each site was built (to read what no page of it links, e.g. the MDX stylesheet). */
  outDirs: Record<SiteName, string>;
}

declare module 'vitest' {
  export interface ProvidedContext {
    browserEnv: BrowserEnv | null;
  }
}
