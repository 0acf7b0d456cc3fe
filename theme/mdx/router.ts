import { useMdxSite } from './context.tsx';

/** Where the page being rendered is, as react-router's `location` describes it. */
export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  key: string;
}

/**
 * `@docusaurus/router`'s `useLocation()`: the route of the page being rendered, under the base
 * URL. sitegen renders MDX and React pages on the server, once per route: there is no query or
 * hash to read then (a component that needs them runs in the browser, see `BrowserOnly`).
 */
export function useLocation(): Location {
  const site = useMdxSite();
  const base = site.siteConfig.baseUrl.replace(/\/$/, '');
  return { pathname: `${base}${site.route}`, search: '', hash: '', state: undefined, key: 'default' };
}

/** `useHistory()`: a server-rendered page has no history to change; `location` is {@link useLocation}'s. */
export function useHistory(): { location: Location; push(path: string): void; replace(path: string): void } {
  const location = useLocation();
  return { location, push() {}, replace() {} };
}
