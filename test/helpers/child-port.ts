import { createServer } from 'node:net';

/** Below Linux's ephemeral range (32768–60999), which `listen(0)` and outgoing connections draw from. */
const FIRST = 20_000;
const LAST = 32_767;

/**
 * A TCP port on 127.0.0.1 for a child process to listen on, free when checked. Not one the OS
 * hands out by itself: a port from `listen(0)` goes back to the ephemeral pool when the probe
 * closes, and a server that another test starts on port 0 (or a client's connection) can take it
 * before the child binds it. A CI run lost a sample's check that way: its `GET /` reached a dev
 * server of another test, which answered 503.
 */
export async function portForChild(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = FIRST + Math.floor(Math.random() * (LAST - FIRST + 1));
    if (await isFree(port)) return port;
  }
  throw new Error(`No free port between ${FIRST} and ${LAST} after 50 tries`);
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}
