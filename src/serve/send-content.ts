import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { Readable, pipeline } from 'node:stream';
import { createGzip } from 'node:zlib';
import type { IsFile } from './resolve-request.ts';
import { resolveUnderBase } from './resolve-under-base.ts';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.pdf': 'application/pdf',
};
const compressibleRE = /^(text\/|application\/(json|xml|javascript|wasm|manifest)|image\/svg)/;
/**
 * Files with content-hashed names (`entry.3F9A1C2B.js`, search shards and fragments, the site
 * data and sidebar files in `_chunks/`): cache them for a year. The same list as `_headers`
 * (IMMUTABLE_PATHS), where `/_chunks/*` holds only such files; here an unhashed name there (an
 * older build's page data) is revalidated.
 */
const hashedRE = /^\/(?:assets\/|search-index\/(?:shards|fragments)\/|_chunks\/[^/]+\.[0-9a-f]{10}(?:\.[a-z]+)?\.json$)/;
/** Below this size gzip's header overhead outweighs the saving. */
const minGzipBytes = 512;

/** The body of a resolved file: bytes in memory, or a stream opened on demand. */
export interface FileBody {
  size: number;
  /** Changes whenever the contents do; becomes the ETag. */
  version: string;
  bytes?: Uint8Array | string;
  open?: () => Readable;
}

/** Where a server's files come from: the build folder (`serve`) or memory (`dev`). */
export interface FileSource {
  isFile: IsFile;
  /** The file's body, or `undefined` if it vanished since `isFile` (a rebuild swapped it). */
  read(file: string): FileBody | undefined;
}

/** `text/html; charset=utf-8` for `/x.html`; `application/octet-stream` when unknown. */
export function contentTypeOf(file: string): string {
  return contentTypes[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Answers one GET/HEAD request from `source` like a production static host: clean-URL
 * redirects, traversal refused with 400, the 404 page with status 404, content type, ETag,
 * gzip for text, immutable caching for content-hashed files and `no-cache` for everything else.
 * `transformHtml` lets dev inject its live-reload script without touching the output.
 */
export function answerRequest(options: {
  source: FileSource; req: IncomingMessage; res: ServerResponse; transformHtml?: (html: string) => string;
  /** The site's `baseUrl`: requests are answered under it (see resolveUnderBase). */
  baseUrl?: string;
}): void {
  const { source, req, res, transformHtml, baseUrl = '/' } = options;
  res.setHeader('X-Content-Type-Options', 'nosniff');
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { Allow: 'GET, HEAD' }).end();
    return;
  }
  const resolution = resolveUnderBase({ rawUrl: req.url ?? '/', baseUrl, isFile: source.isFile });
  if (resolution.kind === 'bad-request') {
    res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Bad request');
    return;
  }
  if (resolution.kind === 'redirect') {
    res.writeHead(301, { Location: resolution.location }).end();
    return;
  }
  const body = resolution.kind === 'file' ? source.read(resolution.file) : undefined;
  if (resolution.kind === 'not-found' || !body) {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
    return;
  }
  sendBody({ file: resolution.file, status: resolution.status, body, req, res, transformHtml });
}

function sendBody(options: {
  file: string; status: number; body: FileBody; req: IncomingMessage; res: ServerResponse; transformHtml?: (html: string) => string;
}): void {
  const { file, status, req, res, transformHtml } = options;
  let body = options.body;
  const type = contentTypeOf(file);
  const isHtml = type.startsWith('text/html');
  if (isHtml && transformHtml) {
    const html = transformHtml(typeof body.bytes === 'string' ? body.bytes : Buffer.from(body.bytes ?? '').toString('utf8'));
    body = { size: Buffer.byteLength(html), version: `${body.version}-t`, bytes: html };
  }
  const etag = `W/"${body.version}"`;
  res.setHeader('Content-Type', type);
  res.setHeader('Cache-Control', !isHtml && hashedRE.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache');
  res.setHeader('ETag', etag);
  res.setHeader('Vary', 'Accept-Encoding');
  if (status === 200 && req.headers['if-none-match'] === etag) {
    res.writeHead(304).end();
    return;
  }
  const gzip = compressibleRE.test(type) && body.size > minGzipBytes && acceptsGzip(req.headers['accept-encoding']);
  if (gzip) res.setHeader('Content-Encoding', 'gzip');
  else res.setHeader('Content-Length', body.size);
  res.writeHead(status);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const stream = body.bytes !== undefined ? Readable.from([Buffer.from(body.bytes)]) : body.open!();
  // Errors (client gone, file removed mid-read) destroy the response; nothing else to do.
  if (gzip) pipeline(stream, createGzip({ level: 6 }), res, () => {});
  else pipeline(stream, res, () => {});
}

/** `gzip`, `gzip;q=0.5` and `*` accept gzip; `gzip;q=0` refuses it explicitly. */
function acceptsGzip(header: string | string[] | undefined): boolean {
  const entries = String(header ?? '').split(',').map((e) => e.trim().toLowerCase());
  const entry = entries.find((e) => e.split(';')[0] === 'gzip') ?? entries.find((e) => e.split(';')[0] === '*');
  if (!entry) return false;
  const q = /;\s*q=([\d.]+)/.exec(entry);
  return !q || Number(q[1]) > 0;
}
