import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { SitegenError } from '../diagnostics/sitegen-error.ts';
import { closeServer, listen } from './listen.ts';
import { answerRequest, type FileSource } from './send-content.ts';

/** A running static server. */
export interface StaticServer { url: string; dir: string; server: Server; close(): Promise<void> }

/**
 * Serves a built site like a production static host (see `answerRequest`): clean URLs, correct
 * content types, gzip, immutable caching for hashed assets, no-cache for HTML, the 404 page with
 * status 404. Binds 127.0.0.1 unless another host is asked for deliberately.
 */
export async function startStaticServer(options: { dir: string; port?: number; host?: string; baseUrl?: string }): Promise<StaticServer> {
  const dir = path.resolve(options.dir);
  // Every build has a 404 page; not every site has a home page (docs under `/docs`, say).
  if (!existsSync(path.join(dir, 'index.html')) && !existsSync(path.join(dir, '404.html'))) {
    throw new SitegenError(`Cannot serve \`${dir}\`: it holds no build`, {
      diagnostics: [{ file: dir, severity: 'error', ruleId: 'serve/no-build', message: `Cannot find a build (\`index.html\` or \`404.html\`) in \`${dir}\``, hint: 'Run `sitegen build` first.' }],
    });
  }
  const source = createDirSource(dir);
  const server = createServer((req, res) => answerRequest({ source, req, res, baseUrl: options.baseUrl }));
  const origin = await listen({ server, port: options.port ?? 3000, host: options.host });
  // The site's home: under a base, the bare origin only redirects there.
  const url = options.baseUrl && options.baseUrl !== '/' ? new URL(options.baseUrl, origin).href : origin;
  return { url, dir, server, close: () => closeServer(server) };
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
