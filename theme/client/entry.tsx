/**
 * The hydration entry, which the head script loads after the first paint. It starts the page's
 * scripts in steps, each a main-thread task of its own, so that none is long on a slow phone:
 * React first (the biggest piece of code, evaluated alone), then our runtime and the page's
 * module, then hydration, which React does in time slices (runtime.tsx). The files were
 * preloaded together by the head script, so the steps wait for no download.
 */
const nextTask = () => new Promise<void>((resolve) => {
  setTimeout(resolve, 0);
});

import('react-dom/client')
  .then(nextTask)
  .then(() => import('./runtime.tsx'))
  .then((runtime) => runtime.start())
  .catch((error: unknown) => {
    // The page stays as the server rendered it: it reads and navigates without script.
    console.error('The page scripts could not start:', error);
  });
