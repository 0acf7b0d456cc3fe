import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { connectionsOf, exchange, serveFiles } from './http-helpers.ts';

// Issue 37 › 3: what `sitegen serve` does with clients that stall, linger or half-close. Each
// test owns its server; timeouts are injected (a few hundred ms) and every wait is generous
// (tens of seconds), so a busy machine makes a test slower, never red.

/** Larger than loopback's socket buffers take (a few MB): the server cannot finish writing it. */
const huge = randomBytes(24 * 1024 * 1024);
const page = `<!doctype html><title>Guide</title>${'<p>Steer the snake.</p>'.repeat(4000)}`;

/** Opens a socket to `port` and waits for it to connect. */
function open(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' }, () => resolve(socket));
    socket.on('error', reject);
  });
}

/** Resolves when the server has closed `socket`'s connection (end of stream, or a reset). */
function closedByServer(socket: Socket): Promise<void> {
  return new Promise((resolve) => {
    socket.on('error', () => resolve());
    socket.on('end', () => resolve());
    socket.on('close', () => resolve());
  });
}

describe('sitegen serve connections', () => {
  it('cuts a client that sent a request and reads nothing of a large answer, after its idle timeout', async () => {
    const site = await serveFiles({ 'index.html': 'home', 'media/huge.bin': huge }, { timeouts: { idleMs: 300 } });
    try {
      const socket = await open(site.port);
      socket.pause();
      socket.write('GET /media/huge.bin HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      await expect.poll(() => connectionsOf(site.server)).toBe(1);
      // The server stops waiting for the stalled write and lets the connection go.
      await expect.poll(() => connectionsOf(site.server), { timeout: 30_000 }).toBe(0);
      // Read what the kernel had taken before the cut: less than the file, then the end.
      let received = 0;
      socket.on('data', (c: Buffer) => { received += c.length; });
      const closed = closedByServer(socket);
      socket.resume();
      await closed;
      expect(received).toBeGreaterThan(0);
      expect(received).toBeLessThan(huge.length);
    } finally {
      await site.stop();
    }
  });

  it('closes a connection on which nothing is sent, after the idle timeout', async () => {
    const site = await serveFiles({ 'index.html': 'home' }, { timeouts: { idleMs: 300 } });
    try {
      const socket = await open(site.port);
      const closed = closedByServer(socket);
      // Node's own limit (60 s for the headers, checked every 30 s) would take far longer.
      await expect.poll(() => connectionsOf(site.server), { timeout: 30_000 }).toBe(0);
      await closed;
    } finally {
      await site.stop();
    }
  });

  it('closes a connection whose request headers trickle in past the headers timeout', async () => {
    const site = await serveFiles({ 'index.html': 'home' }, { timeouts: { headersMs: 500 } });
    try {
      const socket = await open(site.port);
      const closed = closedByServer(socket);
      socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n');
      // One header byte at a time: each resets the idle timer, none completes the request.
      const trickle = setInterval(() => socket.writable && socket.write('X'), 100);
      try {
        await expect.poll(() => connectionsOf(site.server), { timeout: 30_000 }).toBe(0);
        await closed;
      } finally {
        clearInterval(trickle);
      }
    } finally {
      await site.stop();
    }
  });

  it('closes a kept-alive connection once it has been idle for the keep-alive timeout', async () => {
    const site = await serveFiles({ 'index.html': 'home' }, { timeouts: { keepAliveMs: 200 } });
    try {
      const socket = await open(site.port);
      const closed = closedByServer(socket);
      let text = '';
      socket.on('data', (c: Buffer) => { text += c.toString(); });
      socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      await closed;
      // The answer came whole and kept the connection open; then the server, not the client, ended it.
      expect(text).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*\r\nConnection: keep-alive\r\n[\s\S]*\r\n\r\nhome$/);
    } finally {
      await site.stop();
    }
  });

  it('answers a request whose client shut its write side after sending it', async () => {
    const site = await serveFiles({ 'index.html': 'home', 'guide.html': page, 'media/big.bin': huge.subarray(0, 300_000) });
    try {
      const plain = await exchange({ port: site.port, request: 'GET /media/big.bin HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', halfClose: true });
      expect([plain.status, plain.headers['content-length']]).toEqual([200, '300000']);
      expect(plain.body.equals(huge.subarray(0, 300_000))).toBe(true);
      const zipped = await exchange({ port: site.port, request: 'GET /guide HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: gzip\r\n\r\n', halfClose: true });
      expect([zipped.status, zipped.headers['content-encoding']]).toEqual([200, 'gzip']);
      expect(gunzipSync(zipped.body).toString()).toBe(page);
      const small = await exchange({ port: site.port, request: 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', halfClose: true });
      expect([small.status, small.body.toString()]).toEqual([200, 'home']);
    } finally {
      await site.stop();
    }
  });
});
