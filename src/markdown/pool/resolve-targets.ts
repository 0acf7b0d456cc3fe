import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
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
  if (!isFile(source)) return undefined;
  const hash = createHash('sha256').update(readFileSync(source)).digest('hex').slice(0, 8);
  const out = `assets/images/${path.basename(clean, path.extname(clean))}-${hash}${path.extname(clean)}`;
  assets.set(source, out);
  return `/${out}`;
}

function isFile(abs: string): boolean {
  try {
    return statSync(abs).isFile();
  } catch {
    return false;
  }
}
