import { request } from 'node:http';

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
