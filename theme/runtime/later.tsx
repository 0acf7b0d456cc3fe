import { memo, Suspense, use, type ComponentType } from 'react';

/**
 * Parts of the page whose code a first visit does not wait for (the docs sidebar, the table of
 * contents, the pagination links, the footer, the mobile menu, a docs page's body). The server
 * renders them as usual; in the browser each is a Suspense boundary that hydration leaves as the
 * server drew it (links work, `<details>` open and close) until `loadLater` brings its code: the
 * parts for reading (the page's body, the TOC's current section, "back to top") when the reader
 * first scrolls, the mobile menu when it is first opened, all of them with client navigation,
 * when the reader first points at, touches or focuses a link
 * (theme/client/navigation-on-demand.ts). React then hydrates each in place, in a task of its own.
 *
 * Each part is a memo component: re-rendering the app with the same props (opening search
 * before the code came) skips it, where an update would make React throw its markup away and
 * show nothing until the code is here. So its props must be stable objects (page and site data),
 * and so must the contexts it reads (app.tsx memoises them). Client navigation starts only once
 * `loadLater` has resolved (theme/client/runtime.tsx).
 */

declare const SITEGEN_BROWSER: true | undefined;

/**
 * When a later part's code is needed: while reading (scrolling), for client navigation, when the
 * reader first opens the mobile menu (which opens without script, a `<details>`), or for the
 * page's body (`page`: with the first two, or at once where the body needs script).
 */
export type LaterGroup = 'reading' | 'navigation' | 'menu' | 'page';

const loaders: { groups: LaterGroup[]; load: () => Promise<unknown> }[] = [];
let started = false;
let boundaries = true;

/**
 * Fetches the code of the later parts of `group`, or of every later part (client navigation; the
 * server awaits them all before it renders anything). Rejects when a download fails; a later
 * call tries again.
 */
export function loadLater(group?: LaterGroup): Promise<void> {
  if (!group) started = true;
  return Promise.all(loaders.filter((l) => !group || l.groups.includes(group)).map((l) => l.load())).then(() => {});
}

/**
 * Renders with every later part outside its Suspense boundary. On the server a part that throws
 * is caught by its boundary, which React leaves to the browser (`<!--$!-->` in the markup) and
 * does not report: rendered again this way, the error is thrown like any other (theme/server.tsx).
 */
export function withoutBoundaries<T>(render: () => T): T {
  boundaries = false;
  try {
    return render();
  } finally {
    boundaries = true;
  }
}

/**
 * A later part: the component exported as `part.name` by the module `load` imports (the theme's
 * `part.file`, named in errors), a module of its own in the browser, loaded with its `group` (or
 * with the first of its groups to be loaded).
 */
export function later<P extends object>(part: { name: string; file: string; group: LaterGroup | LaterGroup[] }, load: () => Promise<Record<string, unknown>>): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  let failure: unknown;
  let pending: Promise<unknown> | undefined;
  let resolveReady!: () => void;
  // Settles only with the code: a failed download leaves the part as the server drew it.
  const ready = new Promise<void>((resolve) => {
    resolveReady = resolve;
  });
  const get = () => {
    pending ??= load().then((module) => {
      const component = module[part.name];
      if (typeof component !== 'function' && (typeof component !== 'object' || component === null)) {
        throw new Error(`Cannot show \`${part.name}\`: the theme's \`${part.file}\` does not export it`);
      }
      loaded = component as ComponentType<P>;
      resolveReady();
    }).catch((error: unknown) => {
      pending = undefined;
      failure = error;
      throw error;
    });
    return pending;
  };
  loaders.push({ groups: Array.isArray(part.group) ? part.group : [part.group], load: get });
  function Code(props: P) {
    if (!loaded) {
      // The server loads every part before it renders: one it could not load is the theme's error.
      if (typeof SITEGEN_BROWSER === 'undefined') throw failure ?? new Error(`Cannot show \`${part.name}\`: its code was not loaded`);
      // A part first shown once client navigation is up (a module loaded by a later navigation) asks itself.
      if (started) get().catch(() => {});
      use(ready);
    }
    const Component = loaded!;
    return <Component {...props} />;
  }
  return memo((props: P) => (boundaries
    ? (
      <Suspense fallback={null}>
        <Code {...props} />
      </Suspense>
    )
    : <Code {...props} />));
}
