/**
 * Entry of a Markdown worker thread (bundled by `createMarkdownPool`): builds one local service
 * from `workerData` and answers the pool's messages in order.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createLocalMarkdownService, type MarkdownServiceOptions } from './markdown-service.ts';
import type { PoolRequest, PoolResponse } from './markdown-pool.ts';

const port = parentPort!;
const ready = createLocalMarkdownService(workerData as MarkdownServiceOptions);
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
    await service.render(request.job).then(
      (output) => reply({ id: request.id, output }),
      (error: Error) => reply({ id: request.id, error: { message: error.message, stack: error.stack, ...position(error) } }),
    );
    return service;
  });
});

ready.catch((error: Error) => port.postMessage({ id: -1, error: { message: error.message, stack: error.stack } } satisfies PoolResponse));

/** Where in the Markdown a failure happened, when the plugin that threw said so (a VFileMessage). */
function position(error: Error): { line?: number; column?: number } {
  const { line, column } = error as { line?: unknown; column?: unknown };
  return typeof line === 'number' ? { line, ...(typeof column === 'number' ? { column } : {}) } : {};
}
