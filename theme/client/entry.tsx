/**
 * The hydration entry, which the head script loads after the first paint. It starts the page's
 * scripts in steps, each a main-thread task of its own, so that none is long on a slow phone:
 * React first (the biggest piece of code, evaluated alone), then our runtime and the page's
 * module, then hydration, which React does in time slices (runtime.tsx). The files were
 * preloaded together by the head script, so the steps wait for no download.
 */
import { replayEarlyEvents } from './early-events.ts';

const nextTask = () => new Promise<void>((resolve) => {
  setTimeout(resolve, 0);
});

import('react-dom/client')
  .then(nextTask)
  .then(() => import('./runtime.tsx'))
  .then((runtime) => runtime.start())
  // Hydrated: a button pressed or a select changed before then answers now.
  .then(replayEarlyEvents)
  .catch((error: unknown) => {
    // The page stays as the server rendered it: it reads and navigates without script. Presses
    // held for hydration (head script) do what they do without it (a form's button submits).
    console.error('The page scripts could not start:', error);
    // The one page that needs them says so (search-page.css), as when the entry itself fails (head script).
    document.documentElement.setAttribute('data-scripts', 'failed');
    replayEarlyEvents();
  });
