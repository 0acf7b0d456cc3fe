import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync, type Stats } from 'node:fs';
import path from 'node:path';
import { safeDecode } from '../../util/safe-decode.ts';

/** Content images to copy into the output: source path → output file. */
export type AssetCopies = Map<string, string>;

/**
 * Resolves a relative `.md` link (`../rules.md#food`) written in a file of folder `dir` to the
 * route of the file it names (`/rules#food`), or `undefined` when no file has that path.
 */
export function resolveMarkdownLink(options: { routeByFile: ReadonlyMap<string, string>; dir: string; url: string }): string | undefined {
  const { routeByFile, dir, url } = options;
  const [target, hash] = url.split('#');
  const route = routeByFile.get(path.posix.normalize(path.posix.join(dir, safeDecode(target))));
  return route === undefined ? undefined : hash ? `${route}#${hash}` : route;
}

/**
 * Resolves an image path: absolute paths must exist in `public/` and stay as written; relative
 * ones are copied from beside the Markdown file to `assets/images/<name>-<hash>.<ext>` (recorded
 * in `assets`). `undefined` when the file does not exist.
 */
export function resolveAsset(options: { root: string; dir: string; url: string; assets: AssetCopies }): string | undefined {
  const { root, dir, url, assets } = options;
  const clean = safeDecode(url.split(/[?#]/)[0]);
  if (clean.startsWith('/')) return existsSync(path.join(root, 'public', clean)) ? url : undefined;
  const source = path.join(root, dir, clean);
  const stat = fileStat(source);
  if (!stat) return undefined;
  const out = `assets/images/${path.basename(clean, path.extname(clean))}-${contentHash(source, stat)}${path.extname(clean)}`;
  assets.set(source, out);
  return `/${out}`;
}

/**
 * Content hashes of image files by path, kept while a file's size and modification time stay the
 * same. `sitegen dev` resolves every page's images again after each edit (to know whether any
 * changed): without this, it read and hashed every image of the site each time.
 */
const hashes = new Map<string, { size: number; mtimeMs: number; hash: string }>();

function contentHash(abs: string, stat: Stats): string {
  const known = hashes.get(abs);
  if (known && known.size === stat.size && known.mtimeMs === stat.mtimeMs) return known.hash;
  const hash = createHash('sha256').update(readFileSync(abs)).digest('hex').slice(0, 8);
  hashes.set(abs, { size: stat.size, mtimeMs: stat.mtimeMs, hash });
  return hash;
}

function fileStat(abs: string): Stats | undefined {
  try {
    const stat = statSync(abs);
    return stat.isFile() ? stat : undefined;
  } catch {
    return undefined;
  }
}
