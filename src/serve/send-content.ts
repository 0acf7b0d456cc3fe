import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable, pipeline } from 'node:stream';
import { stripBase } from '../util/public-url.ts';
import { contentTypeOf, isCompressible } from './content-type.ts';
import { MAX_GZIP_SOURCE_BYTES, type GzipCache } from './gzip-cache.ts';
import { headersFor, type HeaderRule } from './header-rules.ts';
import { matchesIfNoneMatch } from './if-none-match.ts';
import type { IsFile } from './resolve-request.ts';
import { resolveUnderBase } from './resolve-under-base.ts';

/**
 * Files with content-hashed names (`entry.3F9A1C2B.js`, search shards and fragments, the site
 * data and sidebar files in `_chunks/`): cache them for a year. The same list as `_headers`
 * (IMMUTABLE_PATHS), where `/_chunks/*` holds only such files; here an unhashed name there (an
 * older build's page data) is revalidated.
 */
const hashedRE = /^\/(?:assets\/|search-index\/(?:shards|fragments)\/|_chunks\/[^/]+\.[0-9a-f]{10}(?:\.[a-z]+)?\.json$)/;
/** Below this size gzip's header overhead outweighs the saving. */
const minGzipBytes = 512;
/**
 * Files a static host reads as its own configuration and never serves (Netlify, Cloudflare
 * Pages): requests for them get the 404 page, as there.
 */
const hostFiles = new Set(['/_headers', '/_redirects']);
/**
 * Bodies are written in slices of this size: each slice the client accepts counts as progress
 * for the server's idle timeout, so a slow reader of a large file is not taken for one that
 * never reads (one write of the whole body would count only once it was all accepted).
 */
const sliceBytes = 64 * 1024;

/** The body of a resolved file: bytes in memory, or a stream opened on demand. */
export interface FileBody {
  size: number;
  /** Changes whenever the contents do; becomes the ETag and keys the gzip cache. */
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

/**
 * Answers one GET/HEAD request from `source` like a production static host: clean-URL
 * redirects, traversal refused with 400, the 404 page with status 404 (also for the host's own
 * files, `_headers`), content type, ETag and `If-None-Match`, gzip for text (compressed once per
 * file version, see GzipCache), immutable caching for content-hashed files and `no-cache` for
 * everything else, then the headers of `_headers` when `headerRules` is given.
 * `transformHtml` lets dev inject its live-reload script without touching the output.
 */
export function answerRequest(options: {
  source: FileSource; req: IncomingMessage; res: ServerResponse; gzipCache: GzipCache; transformHtml?: (html: string) => string;
  /** The site's `baseUrl`: requests are answered under it (see resolveUnderBase). */
  baseUrl?: string;
  /**
   * The rules of the served build's `_headers`, applied as a host applies them (`sitegen serve`).
   * Dev leaves them out: their CSP would block its injected live-reload script.
   */
  headerRules?: () => readonly HeaderRule[];
}): void {
  const { source, req, res, gzipCache, transformHtml, baseUrl = '/', headerRules } = options;
  res.setHeader('X-Content-Type-Options', 'nosniff');
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { Allow: 'GET, HEAD' }).end();
    return;
  }
  const rawUrl = req.url ?? '/';
  const isFile: IsFile = (file) => !hostFiles.has(file) && source.isFile(file);
  const resolution = resolveUnderBase({ rawUrl, baseUrl, isFile });
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
  const extraHeaders = headerRules && headersFor(headerRules(), sitePath(rawUrl, baseUrl));
  sendBody({ file: resolution.file, status: resolution.status, body, req, res, gzipCache, transformHtml, extraHeaders });
}

function sendBody(options: {
  file: string; status: number; body: FileBody; req: IncomingMessage; res: ServerResponse; gzipCache: GzipCache;
  transformHtml?: (html: string) => string; extraHeaders?: ReturnType<typeof headersFor>;
}): void {
  const { file, status, req, res, gzipCache, transformHtml, extraHeaders } = options;
  let body = options.body;
  const type = contentTypeOf(file);
  const isHtml = type.startsWith('text/html');
  if (isHtml && transformHtml) {
    const html = transformHtml(typeof body.bytes === 'string' ? body.bytes : Buffer.from(body.bytes ?? '').toString('utf8'));
    body = { size: Buffer.byteLength(html), version: `${body.version}-t`, bytes: html };
  }
  const etag = `W/"${body.version}"`;
  const gzippable = isCompressible(type) && body.size > minGzipBytes && body.size <= MAX_GZIP_SOURCE_BYTES;
  res.setHeader('Content-Type', type);
  res.setHeader('Cache-Control', !isHtml && hashedRE.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache');
  res.setHeader('ETag', etag);
  // Only a body that may be gzipped depends on Accept-Encoding; a 304 names it too (RFC 9110 §15.4.5).
  if (gzippable) res.setHeader('Vary', 'Accept-Encoding');
  for (const [key, { name, value }] of extraHeaders ?? []) {
    if (value === null) res.removeHeader(key);
    else res.setHeader(name, value);
  }
  if (status === 200 && matchesIfNoneMatch(req.headers['if-none-match'], etag)) {
    res.writeHead(304).end();
    return;
  }
  if (!gzippable || !acceptsGzip(req.headers['accept-encoding'])) {
    res.setHeader('Content-Length', body.size);
    res.writeHead(status);
    if (req.method === 'HEAD') res.end();
    else if (body.bytes !== undefined) writeBytes(res, asBuffer(body.bytes));
    // Errors (client gone, file removed mid-read) destroy the response; nothing else to do.
    else pipeline(body.open!(), res, () => {});
    return;
  }
  const { bytes, open } = body;
  const read = async () => (bytes !== undefined ? asBuffer(bytes) : Buffer.concat(await open!().toArray()));
  gzipCache.get({ file, version: body.version, read }).then((zipped) => {
    res.setHeader('Content-Encoding', 'gzip');
    res.setHeader('Content-Length', zipped.length);
    res.writeHead(status);
    if (req.method === 'HEAD') res.end();
    else writeBytes(res, zipped);
  }, (error: Error) => res.destroy(error));
}

/** Writes `bytes` as the whole body, in slices (views, not copies) of `sliceBytes`. */
function writeBytes(res: ServerResponse, bytes: Buffer): void {
  if (bytes.length <= sliceBytes) {
    res.end(bytes);
    return;
  }
  const slices: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += sliceBytes) slices.push(bytes.subarray(at, at + sliceBytes));
  pipeline(Readable.from(slices), res, () => {});
}

function asBuffer(bytes: Uint8Array | string): Buffer {
  return typeof bytes === 'string' ? Buffer.from(bytes) : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** The request path under the site's base, decoded: what `_headers` rules are matched against. */
function sitePath(rawUrl: string, baseUrl: string): string {
  const rawPath = rawUrl.split('?', 1)[0];
  const inner = stripBase({ baseUrl, path: rawPath }) ?? rawPath;
  try {
    return decodeURIComponent(inner);
  } catch {
    return inner;
  }
}

/** `gzip`, `gzip;q=0.5` and `*` accept gzip; `gzip;q=0` refuses it explicitly. */
function acceptsGzip(header: string | string[] | undefined): boolean {
  const entries = String(header ?? '').split(',').map((e) => e.trim().toLowerCase());
  const entry = entries.find((e) => e.split(';')[0] === 'gzip') ?? entries.find((e) => e.split(';')[0] === '*');
  if (!entry) return false;
  const q = /;\s*q=([\d.]+)/.exec(entry);
  return !q || Number(q[1]) > 0;
}
