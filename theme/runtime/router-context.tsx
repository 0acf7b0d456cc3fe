import { createContext, useContext } from 'react';

/** What the theme knows about navigation. On the server it is static. */
export interface RouterState {
  /** Current route (pathname without `.html`). */
  route: string;
  /** Current query string including `?`, or ''. */
  search: string;
  /** Client-side navigation; falls back to a normal page load. */
  navigate: (href: string) => void;
}

export const RouterContext = createContext<RouterState>({
  route: '/',
  search: '',
  navigate: (href) => {
    window.location.href = href;
  },
});

/** Current router state. */
export function useRouter(): RouterState {
  return useContext(RouterContext);
}

/** True when `route` is `base` or below it (`/blog/page/2` is under `/blog`). */
export function isUnder(route: string, base: string): boolean {
  if (base === '/') return route === '/';
  return route === base || route.startsWith(`${base}/`);
}
