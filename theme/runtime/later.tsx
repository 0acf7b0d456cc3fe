import { memo, Suspense, use, type ComponentType } from 'react';

/**
 * Parts of the page whose code a first visit does not wait for (the docs sidebar, the table of
 * contents, the pagination links, the footer). The server renders them as usual; in the browser
 * each is a Suspense boundary that hydration leaves as the server drew it (links work, `<details>`
 * open and close) until `loadLater` brings its code, once the browser is idle. React then
 * hydrates it in place, in a task of its own.
 *
 * Each part is a memo component: re-rendering the app with the same props (opening search
 * before the code came) skips it, where an update would make React throw its markup away and
 * show nothing until the code is here. So its props must be stable objects (page and site data),
 * and so must the contexts it reads (app.tsx memoises them). Client navigation starts only once
 * `loadLater` has resolved (theme/client/runtime.tsx).
 */

const loaders: (() => Promise<unknown>)[] = [];
let started = false;

/**
 * Fetches the code of every later part (the server awaits it before it renders anything).
 * Rejects when a download fails; a later call tries again.
 */
export function loadLater(): Promise<void> {
  started = true;
  return Promise.all(loaders.map((load) => load())).then(() => {});
}

/** A later part: `load` gives the component, from a module of its own (`import()`). */
export function later<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<unknown> | undefined;
  let resolveReady!: () => void;
  // Settles only with the code: a failed download leaves the part as the server drew it.
  const ready = new Promise<void>((resolve) => {
    resolveReady = resolve;
  });
  const get = () => {
    pending ??= load().then((component) => {
      loaded = component;
      resolveReady();
    }, (error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
  loaders.push(get);
  function Code(props: P) {
    if (!loaded) {
      // A part first shown after `loadLater` (a module loaded by a later navigation) asks itself.
      if (started) get().catch(() => {});
      use(ready);
    }
    const Component = loaded!;
    return <Component {...props} />;
  }
  return memo((props: P) => (
    <Suspense fallback={null}>
      <Code {...props} />
    </Suspense>
  ));
}
