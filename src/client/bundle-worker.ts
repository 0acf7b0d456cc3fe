/** Entry of the client bundler thread (see bundle-thread.ts): one bundle, one answer. */
import { parentPort, workerData } from 'node:worker_threads';
import { bundleClient } from './bundle-client.ts';
import { toResponse, type BundleClientOptions, type BundleResponse } from './bundle-thread.ts';

const reply = (response: BundleResponse) => parentPort!.postMessage(response);
bundleClient(workerData as BundleClientOptions).then((assets) => reply({ assets }), (error: unknown) => reply(toResponse(error)));
