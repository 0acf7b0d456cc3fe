/**
 * `@docusaurus/router`: the part of React Router v5 that site components use — `useLocation`,
 * `useHistory` (`push`, `replace`, `goBack`, `listen`), `Redirect` and `matchPath`.
 *
 * On the server, the location is the route being rendered, with no query or hash (the server
 * renders each route once). In the browser the hooks read `window.location`: an island hydrates
 * with the server's location, then renders again with the real one, so hydration matches.
 *
 * A `push` to a page of the site goes through a link click, which the site's client navigation
 * takes when it is loaded and the browser's own navigation otherwise; `replace` of the query or
 * hash changes the URL in place, and of the path loads the page in place of this one.
 */
import { createElement, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { useMdxSite } from './context.tsx';

/** Where the page being rendered is, as React Router's `location` describes it. */
export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  key: string;
}

/** What `history.push` and `replace` take: a URL, or the parts of one (React Router's `LocationDescriptor`). */
export type To = string | { pathname?: string; search?: string; hash?: string; state?: unknown };

/** React Router's history actions. */
export type Action = 'PUSH' | 'REPLACE' | 'POP';

/** `useHistory()`'s value. */
export interface History {
  location: Location;
  length: number;
  action: Action;
  push(to: To, state?: unknown): void;
  replace(to: To, state?: unknown): void;
  go(n: number): void;
  goBack(): void;
  goForward(): void;
  /** Calls `listener` on each change of location; returns the function that stops it. */
  listen(listener: (location: Location, action: Action) => void): () => void;
  createHref(to: To): string;
}

/** The event this module and the site's client navigation fire when they change the URL themselves. */
export const LOCATION_EVENT = 'sitegen:location';

const isBrowser = typeof window !== 'undefined';

/** The location as the server rendered the page: `baseUrl` + route. */
function serverLocation(baseUrl: string, route: string): Location {
  return { pathname: `${baseUrl.replace(/\/$/, '')}${route}`, search: '', hash: '', state: undefined, key: 'default' };
}

let current: Location | undefined;
/** The browser's location, one object per URL (so that `useSyncExternalStore` sees no change when there is none). */
function browserLocation(): Location {
  const { pathname, search, hash } = window.location;
  const state: unknown = window.history.state;
  if (!current || current.pathname !== pathname || current.search !== search || current.hash !== hash || current.state !== state) {
    current = { pathname, search, hash, state, key: Math.random().toString(36).slice(2, 8) };
  }
  return current;
}

let lastAction: Action = 'POP';
function subscribe(onChange: () => void): () => void {
  const pop = () => {
    lastAction = 'POP';
    onChange();
  };
  window.addEventListener('popstate', pop);
  window.addEventListener('hashchange', onChange);
  window.addEventListener(LOCATION_EVENT, onChange);
  return () => {
    window.removeEventListener('popstate', pop);
    window.removeEventListener('hashchange', onChange);
    window.removeEventListener(LOCATION_EVENT, onChange);
  };
}

/** `useLocation()`: see the module comment. */
export function useLocation(): Location {
  const site = useMdxSite();
  const server = () => serverLocation(site.siteConfig.baseUrl, site.route);
  return useSyncExternalStore(isBrowser ? subscribe : () => () => {}, isBrowser ? browserLocation : server, server);
}

/** A `To` as a URL string, resolved against the current location. */
function hrefOf(to: To): string {
  if (typeof to === 'string') return to;
  const here = isBrowser ? window.location : { pathname: '/', search: '', hash: '' };
  const pathname = to.pathname ?? here.pathname;
  const search = to.search === undefined ? (to.pathname === undefined ? here.search : '') : to.search && !to.search.startsWith('?') ? `?${to.search}` : to.search;
  const hash = to.hash === undefined ? '' : to.hash && !to.hash.startsWith('#') ? `#${to.hash}` : to.hash;
  return `${pathname}${search}${hash}`;
}

function stateOf(to: To, state: unknown): unknown {
  return typeof to === 'object' && to.state !== undefined ? to.state : state;
}

/** Follows `href` as a reader's click on a link would: client navigation when it is loaded. */
function follow(href: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}

function changeInPlace(href: string, state: unknown, action: 'PUSH' | 'REPLACE'): boolean {
  const url = new URL(href, window.location.href);
  if (url.origin !== window.location.origin || url.pathname !== window.location.pathname) return false;
  if (action === 'PUSH') window.history.pushState(state ?? null, '', url.href);
  else window.history.replaceState(state ?? window.history.state, '', url.href);
  lastAction = action;
  window.dispatchEvent(new Event(LOCATION_EVENT));
  return true;
}

const browserHistory: Omit<History, 'location'> = {
  get length() { return window.history.length; },
  get action() { return lastAction; },
  push(to, state) {
    const href = hrefOf(to);
    if (!changeInPlace(href, stateOf(to, state), 'PUSH')) follow(href);
  },
  replace(to, state) {
    const href = hrefOf(to);
    if (!changeInPlace(href, stateOf(to, state), 'REPLACE')) window.location.replace(href);
  },
  go: (n) => window.history.go(n),
  goBack: () => window.history.back(),
  goForward: () => window.history.forward(),
  listen(listener) {
    return subscribe(() => listener(browserLocation(), lastAction));
  },
  createHref: hrefOf,
};

/** `useHistory()`: see the module comment. On the server every change is a no-op. */
export function useHistory(): History {
  const location = useLocation();
  if (!isBrowser) {
    return { location, length: 1, action: 'POP', push() {}, replace() {}, go() {}, goBack() {}, goForward() {}, listen: () => () => {}, createHref: hrefOf };
  }
  return Object.assign(Object.create(browserHistory) as History, { location });
}

/** Props of {@link Redirect}, as React Router v5 names them. */
export interface RedirectProps {
  to: To;
  /** Adds a history entry instead of replacing this one. */
  push?: boolean;
  from?: string;
  exact?: boolean;
}

/**
 * `<Redirect to>`: on the server, a link to the target (a reader without scripts can follow
 * it); in the browser, goes there once the component is on screen.
 */
export function Redirect({ to, push = false }: RedirectProps): ReactNode {
  const history = useHistory();
  const href = hrefOf(to);
  useEffect(() => {
    if (push) history.push(to);
    else history.replace(to);
    // Once, on mount, as React Router's Redirect does.
  }, []);
  return createElement('p', { className: 'sitegen-redirect' }, 'Moved to ', createElement('a', { href }, href));
}

/** React Router's `matchPath(pathname, { path, exact })` for the patterns sites write (`/a/:id`). */
export function matchPath(pathname: string, options: string | { path?: string | string[]; exact?: boolean; strict?: boolean }): { path: string; url: string; isExact: boolean; params: Record<string, string> } | null {
  const { path: paths = [], exact = false } = typeof options === 'string' ? { path: options } : options;
  for (const pattern of Array.isArray(paths) ? paths : [paths]) {
    const names: string[] = [];
    const source = pattern.replace(/\/$/, '').replace(/[.+*?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, (_m, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
    const match = new RegExp(`^${source}(?:/(?=$))?${exact ? '$' : '(?=/|$)'}`, 'i').exec(pathname);
    if (!match) continue;
    const url = match[0];
    return { path: pattern, url: url === '' ? '/' : url, isExact: url === pathname, params: Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(match[i + 1])])) };
  }
  return null;
}
