import { createServer, request, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { SitegenError } from '../../src/diagnostics/sitegen-error.ts';
import { closeServer, listen } from '../../src/serve/listen.ts';

// Starting and stopping the servers of `serve` and `dev`.

const servers: Server[] = [];
const server = () => {
  const s = createServer((_req, res) => res.end('ok'));
  servers.push(s);
  return s;
};
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => (s.listening ? closeServer(s) : undefined)));
});

/** A port the OS chose, now held by a server of this test. */
async function takenPort(): Promise<number> {
  const url = await listen({ server: server(), port: 0 });
  return Number(new URL(url).port);
}

describe('listen', () => {
  it('binds 127.0.0.1 by default and returns the URL', async () => {
    const url = await listen({ server: server(), port: 0 });
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await fetch(url).then((r) => r.text())).toBe('ok');
  });

  it('moves on to the next free port when asked to, and otherwise names the flag to change', async () => {
    const port = await takenPort();
    const next = await listen({ server: server(), port, nextFreePort: true });
    expect(Number(new URL(next).port)).toBeGreaterThan(port);
    const error = await listen({ server: server(), port }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SitegenError);
    expect((error as Error).message).toBe(`Cannot listen on 127.0.0.1:${port}: port ${port} is in use. Pass another \`--port\`.`);
  });

  it('writes an IPv6 host in brackets', async () => {
    const url = await listen({ server: server(), port: 0, host: '::1' }).catch((e: Error) => e.message);
    // A machine without IPv6 loopback cannot bind it: then the error says so, and names the flag.
    expect(url).toMatch(/^http:\/\/\[::1\]:\d+$|^Cannot listen on ::1:0: .*Pass another `--port`\.$/);
  });
});

describe('closeServer', () => {
  it('ends streaming and kept-alive connections instead of waiting for them (server.close alone would wait for ever)', async () => {
    // An event stream that never ends, as dev's live reload holds open.
    const s = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: hi\n\n');
    });
    servers.push(s);
    const url = new URL(await listen({ server: s, port: 0 }));
    // Wrapped: a promise resolved with a promise would wait for the inner one.
    const { ended } = await new Promise<{ ended: Promise<unknown> }>((resolve) => {
      request({ host: url.hostname, port: url.port }, (res) => {
        res.once('data', () => resolve({ ended: new Promise((done) => res.once('close', done)) }));
      }).end();
    });
    await closeServer(s);
    await ended;
    expect(s.listening).toBe(false);
  });
});
