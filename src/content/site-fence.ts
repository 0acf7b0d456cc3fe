/**
 * What the build may read: Markdown, front matter and data files are untrusted (they may come
 * from a stranger's pull request, built in CI with secrets), so every file they make the build
 * read must be inside the site folder, once symbolic links are followed, or inside one of the
 * folders the config allows (`allowedOutsideFolders`). `content/docs/env.md -> /proc/self/environ`
 * would otherwise publish the build's environment.
 */
import { realpathSync } from 'node:fs';
import path from 'node:path';

/** The folders reads must stay in, as real paths. Plain data: it crosses to worker threads. */
export interface SiteFence {
  /** The site folder, as written (lexical checks) and as its real path. */
  root: string;
  realRoot: string;
  /** Real paths of `allowedOutsideFolders`. */
  allowed: string[];
  /** The folders published at the site's root (`staticDirectories`), from the site root. */
  staticDirs: string[];
}

/** The fence of the site at `root`, with `allowedOutsideFolders` (relative to it, or absolute). */
export function createSiteFence(options: { root: string; allowedOutsideFolders?: readonly string[]; staticDirectories?: readonly string[] }): SiteFence {
  const root = path.resolve(options.root);
  return {
    root,
    realRoot: realOrSelf(root),
    allowed: (options.allowedOutsideFolders ?? []).map((dir) => realOrSelf(path.resolve(root, dir))),
    staticDirs: [...(options.staticDirectories ?? ['public'])],
  };
}

/**
 * Why the build must not read `abs`, or `undefined` when it may: the path must be inside the site
 * folder as written (no `../` climbing out), and, with every symbolic link followed, inside the
 * site folder or an allowed one. A path that does not exist passes: reading it fails on its own.
 */
export function fenceProblem(fence: SiteFence, abs: string): string | undefined {
  const resolved = path.resolve(fence.root, abs);
  if (!inside(fence.root, resolved) && !fence.allowed.some((dir) => inside(dir, resolved))) {
    return `\`${resolved}\` is outside the site folder`;
  }
  let real: string;
  try {
    real = realpathSync(resolved);
  } catch {
    return undefined;
  }
  if (inside(fence.realRoot, real) || fence.allowed.some((dir) => inside(dir, real))) return undefined;
  return `it links to \`${real}\`, outside the site folder`;
}

/** The hint every fence diagnostic gives. */
export const FENCE_HINT = 'Move the file into the site folder, or list the folder it is in under `allowedOutsideFolders` in site.config.ts.';

function inside(dir: string, file: string): boolean {
  const rel = path.relative(dir, file);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}

function realOrSelf(abs: string): string {
  try {
    return realpathSync(abs);
  } catch {
    return abs;
  }
}
