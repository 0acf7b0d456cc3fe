import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startStaticServer, type StaticServer } from '../../src/serve/start-static-server.ts';

/** A response with its body, as bytes. */
export interface RawResponse { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }

/**
 * GETs `path` exactly as given: unlike `fetch`, node:http does not normalise `..` or `//`, so
 * traversal attempts reach the server as an attacker would send them.
 */
export function rawGet(options: { url: string; path: string; headers?: Record<string, string>; method?: string }): Promise<RawResponse> {
  const { hostname, port } = new URL(options.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path: options.path, method: options.method ?? 'GET', headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** A static server on a temporary folder of `files`, which `stop` closes and removes. */
export interface TestSite extends StaticServer { port: number; stop(): Promise<void> }

/** Writes `files` (path → contents) to a fresh folder and serves it on 127.0.0.1. */
export async function serveFiles(files: Record<string, string | Buffer>, options: Omit<Parameters<typeof startStaticServer>[0], 'dir'> = {}): Promise<TestSite> {
  const dir = mkdtempSync(path.join(tmpdir(), 'sitegen-serve-'));
  for (const [file, contents] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), contents);
  }
  const server = await startStaticServer({ port: 0, ...options, dir });
  return {
    ...server,
    port: (server.server.address() as AddressInfo).port,
    async stop() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** How many connections `server` holds open now. */
export function connectionsOf(server: Server): Promise<number> {
  return new Promise((resolve, reject) => server.getConnections((error, count) => (error ? reject(error) : resolve(count))));
}

/** What came back on a raw socket until the server closed it. */
export interface RawExchange { status: number; headers: Record<string, string>; body: Buffer }

/**
 * Sends `request` as raw bytes on a new socket, then (with `halfClose`) shuts the socket's write
 * side as a client that has nothing more to say may, and reads until the server closes it.
 */
export function exchange(options: { port: number; request: string; halfClose?: boolean }): Promise<RawExchange> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port: options.port, host: '127.0.0.1' }, () => {
      if (options.halfClose) socket.end(options.request);
      else socket.write(options.request);
    });
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => resolve(parseResponse(Buffer.concat(chunks))));
  });
}

/** Status, headers (lower-case names) and body (chunked framing removed) of one HTTP/1.1 response. */
export function parseResponse(bytes: Buffer): RawExchange {
  const end = bytes.indexOf('\r\n\r\n');
  if (end < 0) return { status: 0, headers: {}, body: bytes };
  const [statusLine, ...lines] = bytes.subarray(0, end).toString('latin1').split('\r\n');
  const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
  const rest = bytes.subarray(end + 4);
  return { status: Number(statusLine.split(' ')[1]), headers, body: headers['transfer-encoding'] === 'chunked' ? dechunk(rest) : rest };
}

/** The data of a chunked body: `<size in hex>\r\n<data>\r\n`… up to a chunk of size 0. */
function dechunk(bytes: Buffer): Buffer {
  const parts: Buffer[] = [];
  for (let at = 0; ;) {
    const eol = bytes.indexOf('\r\n', at);
    const size = eol < 0 ? 0 : parseInt(bytes.subarray(at, eol).toString('latin1'), 16);
    if (!size) return Buffer.concat(parts);
    parts.push(bytes.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
}
