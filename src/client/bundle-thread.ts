/**
 * `bundleClient` on a worker thread of its own. esbuild bundles in its own process, but our
 * plugins (the runtime chunk, lazy modules, theme overrides) answer its resolve and load
 * requests in JavaScript: on the main thread, each of those hundreds of answers waited for a
 * gap in the Markdown rendering, so a cold build of this site waited ~0.18 s for the bundle
 * after the Markdown was done. On a thread of its own, the bundle is ready long before.
 *
 * The worker entry is bundled like the other workers' (see bundleWorkerEntry). If it cannot be
 * started, the bundle is made on this thread as before.
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
export async function bundleClientOnThread(options: BundleClientOptions): Promise<ClientAssets> {
  let entry: string;
  try {
    entry = await bundleWorkerEntry('src/client/bundle-worker.ts');
  } catch {
    return bundleClient(options);
  }
  return new Promise((resolve, reject) => {
    const worker = new Worker(entry, { workerData: options });
    worker.once('message', (response: BundleResponse) => {
      if (response.error) reject(fromResponse(response.error));
      else resolve(response.assets);
      void worker.terminate();
    });
    // After a message these settle nothing: the promise is settled already.
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The client bundler thread stopped (exit code ${code})`)));
  });
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
