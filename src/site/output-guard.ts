/**
 * One build at a time per output folder, and an output folder that survives a build killed at
 * any moment. A build writes into `build.tmp-<pid>-<time>/`, renames it `build.ready-<pid>-<time>/`
 * once it is complete, then swaps it in (`build/` → `build.old-…`, `build.ready-…` → `build/`).
 * A kill leaves at most a missing `build/` beside a complete `build.ready-…` or `build.old-…`
 * folder: the next build (or `sitegen serve`) puts the newest complete one back as `build/`,
 * and removes every leftover, which a kill would otherwise leave behind at full size.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, unlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SitegenError } from '../diagnostics/sitegen-error.ts';
import { CACHE_DIR } from '../util/package-root.ts';

/** Names a build gives the folders beside `build/` while it runs. */
const LEFTOVER_RE = /\.(tmp|ready|old)-(\d+)-(\d+)$/;

/**
 * Where the lock of `outDir` is kept: the cache folder, so the site folder shows nothing extra;
 * with `shared`, the system's temporary folder (for a sitegen installed where its user may not
 * write, as a global install is).
 */
export function lockFile(outDir: string, options: { shared?: boolean } = {}): string {
  const name = `${createHash('sha256').update(path.resolve(outDir)).digest('hex').slice(0, 16)}.lock`;
  return options.shared ? path.join(os.tmpdir(), 'sitegen-locks', name) : path.join(CACHE_DIR, 'locks', name);
}

/**
 * Takes the lock of `outDir`, or fails with `build/locked` naming the build (process id, start)
 * that holds it. A lock whose process is gone (a killed build) is taken over. Returns its release.
 */
export async function lockOutputFolder(outDir: string): Promise<() => Promise<void>> {
  try {
    return await lockWith(lockFile(outDir), outDir);
  } catch (error) {
    if (!['EACCES', 'EPERM', 'EROFS'].includes((error as NodeJS.ErrnoException).code ?? '')) throw error;
    return lockWith(lockFile(outDir, { shared: true }), outDir);
  }
}

async function lockWith(file: string, outDir: string): Promise<() => Promise<void>> {
  await mkdir(path.dirname(file), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(file, 'wx');
      await handle.writeFile(JSON.stringify({ pid: process.pid, host: os.hostname(), started: new Date().toISOString(), outDir: path.resolve(outDir) }));
      await handle.close();
      return () => unlink(file).catch(() => undefined);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = await readHolder(file);
      if (holder && alive(holder)) {
        const out = path.relative(process.cwd(), outDir) || '.';
        throw new SitegenError(`Another build is writing ${out}`, {
          diagnostics: [{
            file: out, severity: 'error', ruleId: 'build/locked',
            message: `Cannot build into \`${out}\`: another sitegen build (process ${holder.pid}, started ${holder.started}) is writing it`,
            hint: `Wait for that build to finish, or build into another folder with \`--out-dir\`. If no build is running, delete \`${file}\`.`,
          }],
        });
      }
      // The build that held it is gone: its lock is stale.
      await unlink(file).catch(() => undefined);
    }
  }
  throw new Error(`Internal error: cannot take the lock \`${file}\``);
}

/**
 * After a build killed mid-way: when `outDir` is missing, the newest complete folder a build left
 * beside it (`.ready-`, else `.old-`) becomes `outDir` again; then every leftover folder of past
 * builds is removed. Call it while holding the lock. Returns what it restored, if anything.
 */
export async function recoverOutputFolder(outDir: string): Promise<{ restored?: string; removed: string[] }> {
  const parent = path.dirname(outDir);
  const base = path.basename(outDir);
  const names = await readdir(parent).catch(() => [] as string[]);
  const leftovers = names
    .map((name) => ({ name, match: name.startsWith(`${base}.`) ? LEFTOVER_RE.exec(name.slice(base.length)) : null }))
    .filter((l): l is { name: string; match: RegExpExecArray } => l.match !== null && `${base}${l.match[0]}` === l.name);
  let restored: string | undefined;
  if (!existsSync(outDir)) {
    const newest = (kind: string) => leftovers.filter((l) => l.match[1] === kind).sort((a, b) => Number(b.match[3]) - Number(a.match[3]))[0];
    const candidate = newest('ready') ?? newest('old');
    if (candidate && (await stat(path.join(parent, candidate.name)).catch(() => undefined))?.isDirectory()) {
      await rename(path.join(parent, candidate.name), outDir);
      restored = candidate.name;
    }
  }
  const removed: string[] = [];
  for (const l of leftovers) {
    if (l.name === restored) continue;
    await rm(path.join(parent, l.name), { recursive: true, force: true });
    removed.push(l.name);
  }
  return { ...(restored ? { restored } : {}), removed };
}

/** The name of the folder a complete build waits in, just before the swap. */
export function readyFolder(tmpDir: string): string {
  return tmpDir.replace(/\.tmp-(\d+-\d+)$/, '.ready-$1');
}

interface Holder { pid: number; host?: string; started?: string }

async function readHolder(file: string): Promise<Holder | undefined> {
  try {
    const holder = JSON.parse(await readFile(file, 'utf8')) as Holder;
    return typeof holder.pid === 'number' ? holder : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the process holding a lock still runs (on this machine; another host's is taken as alive). */
function alive(holder: Holder): boolean {
  if (holder.host !== undefined && holder.host !== os.hostname()) return true;
  if (holder.pid === process.pid) return true;
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
