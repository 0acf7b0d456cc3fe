/**
 * A pool of worker threads rendering Markdown: micromark, shiki and KaTeX are single-threaded
 * and take most of a cold build, so on a machine with N cores N workers render N pages at a time.
 *
 * The worker entry is bundled with esbuild into the cache folder before it starts (plain Node
 * cannot run our TypeScript, and bundling takes ~30 ms), with packages left external so the
 * workers load the same unified, shiki and KaTeX as the main thread.
 */
import { Worker } from 'node:worker_threads';
import type { Diagnostic } from '../../diagnostics/diagnostic.ts';
import { SitegenError } from '../../diagnostics/sitegen-error.ts';
import { bundleWorkerEntry } from '../../util/bundle-for-node.ts';
import { hasSitePlugins } from '../content-preset.ts';
import type { MarkdownJob, MarkdownJobResult, MarkdownService, MarkdownServiceOptions, MdxJob, MdxJobResult } from './markdown-service.ts';

/** What a worker starts from: a service's options without the site's plugins, and whether there are any. */
export type WorkerData = MarkdownServiceOptions & { sitePlugins: boolean };

/** Main thread → worker. */
export type PoolRequest =
  | { type: 'routes'; routes: [string, string][] }
  | { type: 'render'; id: number; job: MarkdownJob }
  | { type: 'mdx'; id: number; job: MdxJob };

/** A job as the queue holds it: what to do, to which file. */
type Work = { type: 'render'; job: MarkdownJob } | { type: 'mdx'; job: MdxJob };

/** Worker → main thread (`id` -1: the worker could not start). */
export type PoolResponse =
  | { id: number; output: MarkdownJobResult | MdxJobResult; error?: undefined }
  | { id: number; error: { message: string; stack?: string; line?: number; column?: number; diagnostics?: Diagnostic[] }; output?: undefined };

/**
 * Jobs sent ahead to each worker: enough that a worker never waits for the main thread, few
 * enough that a 10,000-page site is not copied into message queues at once.
 */
const AHEAD = 3;

/**
 * Young-generation size of a worker (MB). Rendering allocates millions of short-lived tree
 * nodes; V8's default semi-space (16 MB) makes it scavenge every few milliseconds.
 */
const YOUNG_GENERATION_MB = 64;

/**
 * Old-generation limit of a worker (MB). A worker keeps little between pages (grammars, a few
 * cached blocks), but V8 lets an unlimited heap grow to gigabytes before collecting; the limit
 * makes it collect early, which keeps a 10,000-page build under its memory budget.
 */
const OLD_GENERATION_MB = 512;

/** Highlighted blocks a worker keeps (createCodeHighlighter's cache). */
const WORKER_HIGHLIGHT_CACHE = 64;

interface Pending {
  id: number; work: Work; resolve(output: MarkdownJobResult | MdxJobResult): void; reject(error: Error): void;
  /** In flight on a worker that died: sent again alone, so that a second death names this job. */
  suspect?: boolean;
}
interface Slot { worker: Worker; inFlight: Map<number, Pending>; alone?: boolean }

/**
 * Starts `size` workers. A job that throws rejects its own promise only. A worker that dies (out
 * of memory, or stopped) is replaced, and the jobs it held are sent again one at a time, each to
 * a worker of its own: the job on which a worker then dies is the one rejected, with why, and
 * the others render as usual.
 *
 * @example
 * const pool = await createMarkdownPool({ root, renderer: {}, size: 2 });
 * pool.setRoutes(routeByFile);
 * const results = await Promise.all(jobs.map((job) => pool.render(job)));
 * await pool.close();
 */
export async function createMarkdownPool(options: MarkdownServiceOptions & {
  size: number;
  /** Old-generation limit of each worker, MB (tests make it small). @default 512 */
  oldGenerationMb?: number;
}): Promise<MarkdownService> {
  const entry = await bundleWorkerEntry('src/markdown/pool/markdown-worker.ts');
  const oldGenerationMb = options.oldGenerationMb ?? OLD_GENERATION_MB;
  const workerData = workerDataOf(options);
  const waiting = new JobQueue();
  let routes: [string, string][] = [];
  let nextId = 0;
  let closed = false;
  // Workers started in place of dead ones; bounded, so that a machine where no worker can live
  // (no memory at all) fails instead of starting them forever.
  let restarts = 0;
  const maxRestarts = Math.max(1, options.size) * 4 + 8;

  const slots: Slot[] = [];
  const start = (): Slot => spawnWorker(entry, { workerData, oldGenerationMb, routes }, {
    onResponse(slot, response) {
      if (response.id === -1) {
        // The site's error (a plugin of its own that cannot be set up) is reported as such.
        const { message, diagnostics } = response.error!;
        return fail(slot, diagnostics?.length ? new SitegenError(message, { diagnostics }) : new Error(`A Markdown worker could not start: ${message}`), { restart: false });
      }
      const pending = slot.inFlight.get(response.id);
      if (!pending) return;
      slot.inFlight.delete(response.id);
      slot.alone = false;
      if (response.error) pending.reject(Object.assign(new Error(response.error.message), response.error));
      else pending.resolve(response.output);
      dispatch();
    },
    onDeath(slot, error) {
      if (!closed) fail(slot, error);
    },
  });
  const fail = (slot: Slot, error: Error, how: { restart?: boolean } = {}) => {
    const index = slots.indexOf(slot);
    if (index === -1) return;
    slots.splice(index, 1);
    void slot.worker.terminate();
    const held = [...slot.inFlight.values()];
    slot.inFlight.clear();
    if (slot.alone && held.length === 1) {
      // It died on this job alone: this is the job that kills workers.
      held[0].reject(Object.assign(error, { workerDied: true }));
    } else {
      // Any of them may be the cause: each goes again, alone, ahead of the queue.
      for (const pending of held) pending.suspect = true;
      waiting.putFront(held);
    }
    if (how.restart !== false && !closed && restarts < maxRestarts) {
      restarts++;
      slots.push(start());
    }
    if (slots.length === 0) for (const pending of waiting.drain()) pending.reject(error);
    dispatch();
  };
  const dispatch = () => {
    for (const slot of slots) feed(slot, waiting);
  };

  const send = (work: Work): Promise<MarkdownJobResult | MdxJobResult> => {
    if (closed) return Promise.reject(new Error('Internal error: the Markdown pool is closed'));
    if (slots.length === 0) return Promise.reject(new Error('Every Markdown worker stopped'));
    return new Promise((resolve, reject) => {
      waiting.push({ id: nextId++, work, resolve, reject });
      dispatch();
    });
  };

  for (let i = 0; i < Math.max(1, options.size); i++) slots.push(start());

  return {
    threads: slots.length,
    setRoutes(routeByFile) {
      routes = [...routeByFile];
      for (const slot of slots) slot.worker.postMessage({ type: 'routes', routes } satisfies PoolRequest);
    },
    render: (job) => send({ type: 'render', job }) as Promise<MarkdownJobResult>,
    compileMdx: (job) => send({ type: 'mdx', job }) as Promise<MdxJobResult>,
    async close() {
      closed = true;
      await Promise.all(slots.splice(0).map((slot) => slot.worker.terminate()));
    },
  };
}

/**
 * A worker's start data: the service's options without the site's plugins, and whether there are
 * any. A worker renders each page once per session: a big highlight cache would only hold memory.
 * The site's plugins are functions, which cannot cross to a thread: a worker loads them from the
 * site's config itself (markdown-worker.ts).
 */
function workerDataOf(options: MarkdownServiceOptions): WorkerData {
  const { plugins, ...renderer } = options.renderer;
  return {
    root: options.root, fence: options.fence, contentRoots: options.contentRoots,
    renderer: { ...renderer, highlightCacheSize: WORKER_HIGHLIGHT_CACHE }, sitePlugins: hasSitePlugins(plugins),
  };
}

/** Starts one worker with the current routes; what it answers and how it dies go to `on`. */
function spawnWorker(
  entry: string,
  start: { workerData: WorkerData; oldGenerationMb: number; routes: [string, string][] },
  on: { onResponse(slot: Slot, response: PoolResponse): void; onDeath(slot: Slot, error: Error): void },
): Slot {
  const worker = new Worker(entry, {
    workerData: start.workerData,
    resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB, maxOldGenerationSizeMb: start.oldGenerationMb },
  });
  const slot: Slot = { worker, inFlight: new Map() };
  worker.postMessage({ type: 'routes', routes: start.routes } satisfies PoolRequest);
  worker.on('message', (response: PoolResponse) => on.onResponse(slot, response));
  worker.on('error', (error: NodeJS.ErrnoException) => on.onDeath(slot, error.code === 'ERR_WORKER_OUT_OF_MEMORY'
    ? new Error(`the Markdown worker rendering it ran out of memory (its limit is ${start.oldGenerationMb} MB)`)
    : error));
  worker.on('exit', (code) => on.onDeath(slot, new Error(`the Markdown worker rendering it stopped (exit code ${code})`)));
  // Idle workers must not keep the process alive; busy ones must (see dispatch).
  worker.unref();
  return slot;
}

/** Sends a worker the jobs it can take now: up to AHEAD, or a suspect alone to an idle worker. */
function feed(slot: Slot, waiting: JobQueue): void {
  while (!slot.alone && waiting.size > 0) {
    const pending = waiting.peek();
    // A suspect goes only to an idle worker, and nothing goes with it.
    if (pending.suspect && slot.inFlight.size > 0) break;
    if (!pending.suspect && slot.inFlight.size >= AHEAD) break;
    waiting.take();
    slot.inFlight.set(pending.id, pending);
    if (pending.suspect) slot.alone = true;
    slot.worker.postMessage({ ...pending.work, id: pending.id } as PoolRequest);
  }
  if (slot.inFlight.size > 0) slot.worker.ref();
  else slot.worker.unref();
}

/** Jobs not yet sent, first in first out: read from `head`, as shift() on a 10,000-job array may copy it on every call. */
class JobQueue {
  private items: Pending[] = [];
  private head = 0;

  get size(): number {
    return this.items.length - this.head;
  }

  peek(): Pending {
    return this.items[this.head];
  }

  take(): Pending {
    const pending = this.items[this.head];
    this.items[this.head++] = undefined!;
    if (this.head === this.items.length) this.drain();
    return pending;
  }

  push(pending: Pending): void {
    this.items.push(pending);
  }

  /** Puts jobs ahead of every waiting one. */
  putFront(pending: Pending[]): void {
    this.items = [...pending, ...this.items.slice(this.head)];
    this.head = 0;
  }

  /** Empties the queue, returning what waited. */
  drain(): Pending[] {
    const rest = this.items.slice(this.head);
    this.items = [];
    this.head = 0;
    return rest;
  }
}
