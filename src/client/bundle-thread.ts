/**
 * `bundleClient` on a worker thread of its own. esbuild bundles in its own process, but our
 * plugins (the runtime chunk, lazy modules, theme overrides) answer its resolve and load
 * requests in JavaScript: on the main thread, each of those hundreds of answers waited for a
 * gap in the Markdown rendering, so a cold build of this site waited ~0.18 s for the bundle
 * after the Markdown was done. On a thread of its own, the bundle is ready long before.
 *
 * The worker entry is bundled like the other workers' (see bundleWorkerEntry). If the thread
 * cannot start or dies without an answer, the bundle is made on this thread as before; a theme
 * error is an answer, reported with its diagnostics.
 */
import { Worker } from 'node:worker_threads';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { SitegenError } from '../diagnostics/sitegen-error.ts';
import { bundleWorkerEntry } from '../util/bundle-for-node.ts';
import { bundleClient, type ClientAssets } from './bundle-client.ts';

/** What `bundleClient` takes. */
export type BundleClientOptions = Parameters<typeof bundleClient>[0];

/** Worker → main thread: the assets, or the failure (a SitegenError keeps its diagnostics). */
export type BundleResponse =
  | { assets: ClientAssets; error?: undefined }
  | { error: { message: string; stack?: string; diagnostics?: Diagnostic[] }; assets?: undefined };

/** Bundles the client assets of the site at `siteRoot` on a worker thread (see the module comment). */
export async function bundleClientOnThread(options: BundleClientOptions, thread: { entry?: string } = {}): Promise<ClientAssets> {
  let entry: string;
  try {
    // `thread.entry`: another worker file (tests start one that fails).
    entry = thread.entry ?? await bundleWorkerEntry('src/client/bundle-worker.ts');
  } catch {
    return bundleClient(options);
  }
  const answer = await new Promise<BundleResponse | undefined>((resolve) => {
    const worker = new Worker(entry, { workerData: options });
    worker.once('message', (response: BundleResponse) => {
      resolve(response);
      void worker.terminate();
    });
    // A thread that dies without answering (it could not load, say) settles with nothing;
    // after an answer these settle nothing.
    worker.once('error', () => resolve(undefined));
    worker.once('exit', () => resolve(undefined));
  });
  if (!answer) return bundleClient(options);
  if (answer.error) throw fromResponse(answer.error);
  return answer.assets;
}

/** A failure as the worker sends it (see bundle-worker.ts). */
export function toResponse(error: unknown): BundleResponse {
  if (error instanceof SitegenError) return { error: { message: error.message, diagnostics: error.diagnostics } };
  const e = error instanceof Error ? error : new Error(String(error));
  return { error: { message: e.message, stack: e.stack } };
}

function fromResponse(error: NonNullable<BundleResponse['error']>): Error {
  if (error.diagnostics) return new SitegenError(error.message, { diagnostics: error.diagnostics });
  return Object.assign(new Error(error.message), { stack: error.stack });
}
