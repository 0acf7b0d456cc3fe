/**
 * The code highlighter on a worker thread of its own. When Markdown renders on the main thread
 * (sites under 2 MB of Markdown, and every dev session), shiki took about a third of that time
 * on the real site: 0.3 s to load its grammars and 0.8 s to compile and run their regexes. On a
 * thread of its own that work overlaps with parsing the next pages; the main thread only sends
 * code and receives shiki's `<pre>` element back.
 *
 * The worker entry is bundled like the Markdown pool's (packages left external). It is started
 * at once and answers in order; requests sent before its grammars are loaded wait in its queue.
 */
import type { Element } from 'hast';
import { Worker } from 'node:worker_threads';
import { bundleWorkerEntry } from '../util/bundle-for-node.ts';
import type { CodeHighlighterOptions } from './create-code-highlighter.ts';

/** Main thread → highlighter thread. */
export interface HighlightRequest { id: number; code: string; lang: string }

/** Highlighter thread → main thread (`id` -1: the thread could not start). */
export type HighlightResponse =
  | { id: number; pre: Element; error?: undefined }
  | { id: number; error: string; pre?: undefined };

/** A highlighter answering asynchronously. */
export interface ThreadHighlighter {
  /** shiki's `<pre class="shiki"><code>` for `code`; unknown languages come back as plain text. */
  highlight(input: { code: string; lang: string }): Promise<Element>;
  /** Stops the thread; later calls reject. */
  close(): Promise<void>;
}

/**
 * Starts the highlighter thread. A block that fails rejects its own promise; if the thread dies,
 * every pending and later block rejects (callers show such code unhighlighted, with a warning).
 */
export async function createHighlighterThread(options: Pick<CodeHighlighterOptions, 'cacheSize'> = {}): Promise<ThreadHighlighter> {
  const entry = await bundleWorkerEntry('src/markdown/highlighter-worker.ts');
  const worker = new Worker(entry, { workerData: options });
  // An idle highlighter must not keep the process alive; one with work in flight must.
  worker.unref();
  const pending = new Map<number, { resolve(pre: Element): void; reject(error: Error): void }>();
  let nextId = 0;
  let dead: Error | undefined;

  const settleAll = (error: Error) => {
    dead ??= error;
    for (const p of pending.values()) p.reject(dead);
    pending.clear();
    worker.unref();
  };
  worker.on('message', (response: HighlightResponse) => {
    if (response.id === -1) return settleAll(new Error(`The code highlighter could not start: ${response.error}`));
    const p = pending.get(response.id);
    if (!p) return;
    pending.delete(response.id);
    if (pending.size === 0) worker.unref();
    if (response.error !== undefined) p.reject(new Error(response.error));
    else p.resolve(response.pre);
  });
  worker.on('error', (error) => settleAll(error));
  worker.on('exit', (exitCode) => settleAll(new Error(`The code highlighter stopped (exit code ${exitCode})`)));

  return {
    highlight(input) {
      if (dead) return Promise.reject(dead);
      return new Promise((resolve, reject) => {
        const id = nextId++;
        if (pending.size === 0) worker.ref();
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, code: input.code, lang: input.lang } satisfies HighlightRequest);
      });
    },
    async close() {
      dead ??= new Error('The code highlighter was closed');
      await worker.terminate();
    },
  };
}
