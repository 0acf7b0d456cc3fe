import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pipeline } from 'node:stream';
import { createGzip } from 'node:zlib';
import { SitegenError } from '../diagnostics/sitegen-error.ts';
import { resolveRequest } from './resolve-request.ts';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.pdf': 'application/pdf',
};
const compressibleRE = /^(text\/|application\/(json|xml|javascript|wasm)|image\/svg)/;
/** Files under /assets/ have content-hashed names (`entry.3F9A1C2B.js`): cache them for a year. */
const hashedRE = /^assets[\\/]/;

/** A running static server. */
export interface StaticServer { url: string; dir: string; server: Server; close(): Promise<void> }

/**
 * Serves a built site like a production static host (see resolveRequest): correct content
 * types, gzip, immutable caching for hashed assets, no-cache for HTML, 404 page with status 404.
 * Binds 127.0.0.1 unless another host is asked for deliberately.
 */
export async function startStaticServer(options: { dir: string; port?: number; host?: string }): Promise<StaticServer> {
  const dir = path.resolve(options.dir);
  if (!existsSync(path.join(dir, 'index.html'))) {
    throw new SitegenError(`Cannot serve \`${dir}\`: it holds no build`, {
      diagnostics: [{ file: dir, severity: 'error', ruleId: 'serve/no-build', message: `Cannot find \`index.html\` in \`${dir}\``, hint: 'Run `sitegen build` first.' }],
    });
  }
  const server = createServer((req, res) => handle({ dir, req, res }));
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 3000, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    dir,
    server,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Answers one request; exported for reuse by the dev server. */
export function handle(options: { dir: string; req: IncomingMessage; res: ServerResponse }): void {
  const { dir, req, res } = options;
  res.setHeader('X-Content-Type-Options', 'nosniff');
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { Allow: 'GET, HEAD' }).end();
    return;
  }
  const resolution = resolveRequest(dir, req.url ?? '/');
  if (resolution.kind === 'bad-request') {
    res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Bad request');
    return;
  }
  if (resolution.kind === 'redirect') {
    res.writeHead(301, { Location: resolution.location }).end();
    return;
  }
  if (resolution.kind === 'not-found') {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
    return;
  }
  sendFile({ dir, file: resolution.file, status: resolution.status, req, res });
}

function sendFile(options: { dir: string; file: string; status: number; req: IncomingMessage; res: ServerResponse }): void {
  const { file, status, req, res } = options;
  const ext = path.extname(file).toLowerCase();
  const type = contentTypes[ext] ?? 'application/octet-stream';
  const stat = statSync(file);
  const etag = `W/"${stat.size.toString(16)}-${stat.mtimeMs.toString(16)}"`;
  const isHtml = ext === '.html';
  res.setHeader('Content-Type', type);
  res.setHeader('Cache-Control', isHtml || !hashedRE.test(path.relative(options.dir, file)) ? 'no-cache' : 'public, max-age=31536000, immutable');
  res.setHeader('ETag', etag);
  res.setHeader('Vary', 'Accept-Encoding');
  if (status === 200 && req.headers['if-none-match'] === etag) {
    res.writeHead(304).end();
    return;
  }
  const gzip = compressibleRE.test(type) && stat.size > 512 && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  if (gzip) res.setHeader('Content-Encoding', 'gzip');
  else res.setHeader('Content-Length', stat.size);
  res.writeHead(status);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const stream = createReadStream(file);
  if (gzip) pipeline(stream, createGzip({ level: 6 }), res, () => {});
  else pipeline(stream, res, () => {});
}
