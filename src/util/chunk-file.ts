import { createHash } from 'node:crypto';

/** A JSON file of the build named by its contents, which browsers may cache for good. */
export interface ChunkFile {
  /** In the output: `_chunks/<name>.<hash>[.<kind>].json`. */
  path: string;
  /** On the site, below the base URL: `/` + `path`. */
  url: string;
  contents: string;
}

/** `contents` as a `ChunkFile` (`kind`: `skeleton`, `page`… after the hash). */
export function chunkFile(name: string, contents: string, kind?: string): ChunkFile {
  const hash = createHash('sha256').update(contents).digest('hex').slice(0, 10);
  const path = `_chunks/${name}.${hash}${kind ? `.${kind}` : ''}.json`;
  return { path, url: `/${path}`, contents };
}
