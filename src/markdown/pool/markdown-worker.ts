/**
 * Entry of a Markdown worker thread (bundled by `createMarkdownPool`): builds one local service
 * from `workerData` and answers the pool's messages in order.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { loadConfig } from '../../config/load-config.ts';
import { SitegenError } from '../../diagnostics/sitegen-error.ts';
import { sitePluginsOf } from '../content-preset.ts';
import { createLocalMarkdownService } from './markdown-service.ts';
import type { PoolRequest, PoolResponse, WorkerData } from './markdown-pool.ts';

const port = parentPort!;
const ready = start(workerData as WorkerData);

/** The service, with the site's plugins loaded here from its config when it has some. */
async function start(data: WorkerData) {
  const plugins = data.sitePlugins ? sitePluginsOf(await loadConfig(data.root), data.root) : undefined;
  return createLocalMarkdownService({ ...data, renderer: { ...data.renderer, ...(plugins ? { plugins } : {}) } });
}
// Until the renderer exists, messages wait here so that routes always precede the jobs after them.
let queue = ready;

port.on('message', (request: PoolRequest) => {
  queue = queue.then(async (service) => {
    if (request.type === 'routes') {
      service.setRoutes(new Map(request.routes));
      return service;
    }
    const reply = (response: PoolResponse) => port.postMessage(response);
    // Rendering is synchronous apart from the first use of a grammar; running jobs one by one
    // keeps results in the order asked and memory to one page's trees at a time.
    const work = request.type === 'mdx' ? service.compileMdx(request.job) : service.render(request.job);
    await work.then(
      (output) => reply({ id: request.id, output }),
      (error: Error) => reply({ id: request.id, error: { message: error.message, stack: error.stack, ...position(error) } }),
    );
    return service;
  });
  // A worker that could not start says so once (id -1, below); the messages queued behind it end
  // here. Left unhandled, their rejections killed the worker, and the pool could see its death
  // (the error cloned, no longer the site's) before that message.
  queue.catch(() => undefined);
});

ready.catch((error: Error) => port.postMessage({
  id: -1,
  // A SitegenError's diagnostics go along (their causes stay here: they may not be cloneable).
  error: { message: error.message, stack: error.stack, ...(error instanceof SitegenError ? { diagnostics: error.diagnostics.map(({ cause: _, ...d }) => d) } : {}) },
} satisfies PoolResponse));

/** Where in the Markdown a failure happened, when the plugin that threw said so (a VFileMessage). */
function position(error: Error): { line?: number; column?: number } {
  const { line, column } = error as { line?: unknown; column?: unknown };
  return typeof line === 'number' ? { line, ...(typeof column === 'number' ? { column } : {}) } : {};
}
