/**
 * Entry of the highlighter thread (bundled by `createHighlighterThread`): one shiki highlighter,
 * answering each block in the order asked.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createCodeHighlighter, type CodeHighlighterOptions } from './create-code-highlighter.ts';
import type { HighlightRequest, HighlightResponse } from './highlighter-thread.ts';

const port = parentPort!;
const ready = createCodeHighlighter(workerData as CodeHighlighterOptions);
const reply = (response: HighlightResponse) => port.postMessage(response);

port.on('message', (request: HighlightRequest) => {
  void ready.then((highlighter) => {
    try {
      reply({ id: request.id, pre: highlighter.highlight({ code: request.code, lang: request.lang }) });
    } catch (error) {
      reply({ id: request.id, error: (error as Error).message });
    }
  });
});

ready.catch((error: Error) => reply({ id: -1, error: error.message }));
