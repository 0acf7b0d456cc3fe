import { createHash } from 'node:crypto';
import { readFileSync, statSync, type Stats } from 'node:fs';
import path from 'node:path';
import { staticFileOf } from '../../content/static-files.ts';
import { safeDecode } from '../../util/safe-decode.ts';
import { fenceProblem, type SiteFence } from '../../content/site-fence.ts';

/** Content images to copy into the output: source path → output file. */
export type AssetCopies = Map<string, string>;

/**
 * Resolves a `.md` link written in a file of folder `dir` to the route of the file it names
 * (`/rules#food`), or `undefined` when no file has that path. The folders tried are Docusaurus's
 * (`resolveMarkdownLinkPathname` in `@docusaurus/utils`): `./x.md` and `../x.md` only from the
 * file's folder; `/x.md` from the content root (the `roots` entry holding the file), then the
 * site root; a bare `api/x.md` from the content root, the site root, then the file's folder, so
 * a glossary deep in the docs can write `api/Store.md` for the docs' own `api` folder.
 */
export function resolveMarkdownLink(options: {
  routeByFile: ReadonlyMap<string, string>; dir: string; url: string;
  /** Content folders relative to the site root (`content/docs`, `content/blog`). */
  roots?: readonly string[];
}): string | undefined {
  const { routeByFile, dir, url, roots = [] } = options;
  const [target, hash] = url.split('#');
  const pathname = safeDecode(target);
  const dirs: string[] = [];
  if (!pathname.startsWith('./') && !pathname.startsWith('../')) {
    const root = roots.map((r) => path.posix.normalize(r).replace(/\/$/, '')).find((r) => r === '.' || dir === r || dir.startsWith(`${r}/`));
    if (root !== undefined) dirs.push(root);
    dirs.push('.');
  }
  if (!pathname.startsWith('/')) dirs.push(dir);
  for (const from of dirs) {
    const route = routeByFile.get(path.posix.normalize(path.posix.join(from, pathname)).replace(/^\//, ''));
    if (route !== undefined) return hash ? `${route}#${hash}` : route;
  }
  return undefined;
}

/**
 * Resolves an image path: absolute paths must exist in a static folder (`public/`) and stay as written; relative
 * ones are copied from beside the Markdown file to `assets/images/<name>-<hash>.<ext>` (recorded
 * in `assets`). `undefined` when the file does not exist, or is outside the `fence` (`../../x`
 * climbing out of the site, or a symbolic link out of it): Markdown never makes the build read
 * or publish a file from outside the site.
 */
export function resolveAsset(options: { fence: SiteFence; dir: string; url: string; assets: AssetCopies }): string | undefined {
  const { fence, dir, url, assets } = options;
  const root = fence.root;
  const clean = safeDecode(url.split(/[?#]/)[0]);
  if (clean.startsWith('/')) {
    const file = staticFileOf(root, fence.staticDirs, clean);
    return file !== undefined && fenceProblem(fence, path.join(root, file)) === undefined ? url : undefined;
  }
  const source = path.join(root, dir, clean);
  if (fenceProblem(fence, source) !== undefined) return undefined;
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
