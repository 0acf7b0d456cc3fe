import { request, type ClientRequest } from 'node:http';
import { EVENTS_PATH } from '../../src/dev/live-reload.ts';

/** One server-sent event and when it arrived (`performance.now()`). */
export interface ReceivedEvent { event: string; data: unknown; at: number }

/** A test's browser tab: listens to the dev server's event stream. */
export interface EventListener {
  /** Resolves with the next event of that name (or one of those names) not yet taken (earlier ones stay queued). */
  next(event: string | string[], timeoutMs?: number): Promise<ReceivedEvent>;
  /** Forgets events received so far. */
  clear(): void;
  close(): void;
}

/** Connects to `url`'s live-reload stream; resolves once the stream is open. */
export function listenForEvents(url: string): Promise<EventListener> {
  const received: ReceivedEvent[] = [];
  const waiters = new Set<() => void>();
  return new Promise((resolve, reject) => {
    const req: ClientRequest = request(new URL(EVENTS_PATH, url), (res) => {
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event) received.push({ event, data: data ? JSON.parse(data) : undefined, at: performance.now() });
        }
        for (const w of waiters) w();
      });
      resolve({
        next(event, timeoutMs = 60_000) {
          return new Promise((done, fail) => {
            const names = Array.isArray(event) ? event : [event];
            const check = () => {
              const i = received.findIndex((e) => names.includes(e.event));
              if (i < 0) return;
              waiters.delete(check);
              clearTimeout(timer);
              done(received.splice(i, 1)[0]);
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(new Error(`No \`${names.join('` or `')}\` event within ${timeoutMs} ms; got ${JSON.stringify(received)}`));
            }, timeoutMs);
            waiters.add(check);
            check();
          });
        },
        clear: () => void received.splice(0),
        close: () => req.destroy(),
      });
    });
    req.on('error', reject);
    req.end();
  });
}
