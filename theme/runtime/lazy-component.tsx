import { useEffect, useState, type ComponentType } from 'react';

/** A component whose code is fetched when it is first shown; `preload()` fetches it ahead. */
export type LazyComponent<P> = ComponentType<P> & { preload: () => Promise<void> };

/**
 * Wraps a component that a first visit does not need (the search modal, the mobile menu, the
 * error screens): its module is a file of its own, fetched the first time the component
 * renders (or earlier, by `preload`, when the browser is idle). It renders nothing until the
 * code is here, so it must not be part of the server-rendered markup. If the download fails,
 * `onError` is called with the props: the caller decides what a reader gets instead.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>, onError: (props: P) => void): LazyComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const get = () => {
    pending ??= load().then((component) => (loaded = component), (error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
  function Lazy(props: P) {
    const [, setReady] = useState(false);
    useEffect(() => {
      if (!loaded) get().then(() => setReady(true), () => onError(props));
      // Props are read once: what to do if this very render's download fails.
    }, []);
    const Component = loaded;
    return Component ? <Component {...props} /> : null;
  }
  return Object.assign(Lazy, { preload: () => get().then(() => {}, () => {}) });
}
