import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { SitegenError } from '../diagnostics/sitegen-error.ts';
import { createGzipCache, type GzipCache } from './gzip-cache.ts';
import { loadHeaderRules } from './header-rules.ts';
import { closeServer, listen } from './listen.ts';
import { answerRequest, type FileSource } from './send-content.ts';

/** A running static server. */
export interface StaticServer {
  url: string; dir: string; server: Server; close(): Promise<void>;
  /** Its compressed files (their stats show how often it compressed). */
  gzipCache: GzipCache;
}

/** How long a server waits on a client, in milliseconds. */
export interface ServeTimeouts {
  /**
   * A connection that moves no bytes for this long is destroyed: a client that sent a request
   * and reads nothing of the answer, or connected and sent nothing. Writes count as progress
   * when the client has accepted a slice of the body (see `sliceBytes` in send-content.ts).
   */
  idleMs: number;
  /** A kept-alive connection with no request after its last answer is closed after this long. */
  keepAliveMs: number;
  /** A request's headers must all arrive within this long, however slowly they trickle in. */
  headersMs: number;
}

/**
 * A client that reads at all accepts a slice far more often than every 30 s; what the limit
 * bounds is how long one that never reads holds a socket, an open file and its buffers (without
 * it, until the client went away: minutes, issue 37). 5 s of keep-alive is Node's default,
 * enough for a page's follow-up requests. Headers are a request line and a few lines, which a
 * live client sends at once; 30 s also bounds one that sends them a byte at a time.
 */
export const SERVE_TIMEOUTS: ServeTimeouts = { idleMs: 30_000, keepAliveMs: 5_000, headersMs: 30_000 };

/**
 * Serves a built site like a production static host (see `answerRequest`): clean URLs, correct
 * content types, gzip, immutable caching for hashed assets, no-cache for HTML, the 404 page with
 * status 404, and the headers of the build's `_headers` (its Content-Security-Policy…) as
 * Netlify and Cloudflare Pages apply them. Binds 127.0.0.1 unless another host is asked for
 * deliberately. `timeouts` is for tests, which cannot wait 30 s.
 */
export async function startStaticServer(options: {
  dir: string; port?: number; host?: string; baseUrl?: string; timeouts?: Partial<ServeTimeouts>;
}): Promise<StaticServer> {
  const dir = path.resolve(options.dir);
  // Every build has a 404 page; not every site has a home page (docs under `/docs`, say).
  if (!existsSync(path.join(dir, 'index.html')) && !existsSync(path.join(dir, '404.html'))) {
    throw new SitegenError(`Cannot serve \`${dir}\`: it holds no build`, {
      diagnostics: [{ file: dir, severity: 'error', ruleId: 'serve/no-build', message: `Cannot find a build (\`index.html\` or \`404.html\`) in \`${dir}\``, hint: 'Run `sitegen build` first.' }],
    });
  }
  const timeouts = { ...SERVE_TIMEOUTS, ...options.timeouts };
  const source = createDirSource(dir);
  const gzipCache = createGzipCache();
  const headerRules = loadHeaderRules(path.join(dir, '_headers'));
  const server = createServer({
    keepAliveTimeout: timeouts.keepAliveMs,
    headersTimeout: timeouts.headersMs,
    // Requests we answer carry no body: all of one has arrived once its headers have.
    requestTimeout: timeouts.headersMs,
    // How often Node checks the two above (its default, 30 s, would double the wait).
    connectionsCheckingInterval: Math.max(10, Math.round(timeouts.headersMs / 6)),
  }, (req, res) => answerRequest({ source, req, res, gzipCache, baseUrl: options.baseUrl, headerRules }));
  // With no 'timeout' listener, Node destroys a socket idle for this long.
  server.setTimeout(timeouts.idleMs);
  // A client may shut its side after sending the request and still read the answer (RFC 9112
  // §9.6: a half-close does not withdraw a request); Node's default ends the connection unanswered.
  (server as Server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
  const origin = await listen({ server, port: options.port ?? 3000, host: options.host });
  // The site's home: under a base, the bare origin only redirects there.
  const url = options.baseUrl && options.baseUrl !== '/' ? new URL(options.baseUrl, origin).href : origin;
  return { url, dir, server, gzipCache, close: () => closeServer(server) };
}

/** Files of a folder on disk; `file` paths are resolved below `dir` and never above it. */
export function createDirSource(dir: string): FileSource {
  const locate = (file: string) => {
    const abs = path.join(dir, file);
    // resolveRequest already refuses `..`; this is the belt to its braces.
    return abs.startsWith(dir + path.sep) ? abs : undefined;
  };
  const stat = (file: string) => {
    const abs = locate(file);
    try {
      const s = abs ? statSync(abs) : undefined;
      return s?.isFile() ? { abs: abs!, s } : undefined;
    } catch {
      return undefined;
    }
  };
  return {
    isFile: (file) => stat(file) !== undefined,
    read(file) {
      const found = stat(file);
      if (!found) return undefined;
      return { size: found.s.size, version: `${found.s.size.toString(16)}-${found.s.mtimeMs.toString(16)}`, open: () => createReadStream(found.abs) };
    },
  };
}
