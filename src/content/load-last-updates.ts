import { DEFAULT_INSTANCE, versionFiles } from './doc-versions.ts';
import { spawn } from 'node:child_process';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { SiteConfig } from '../config/schema.ts';
import { createSourceTree } from '../util/source-position.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { DocSource } from '../model.ts';

/**
 * When a doc last changed, as Docusaurus's `showLastUpdateTime` / `showLastUpdateAuthor` show
 * it: the time (ms since the epoch) and author of the last commit that touched the file; for a
 * file outside git, never committed or with uncommitted changes, its modification time and no author.
 */
export interface LastUpdate { at: number; by?: string }

/** Runs `git args…` in `cwd`; calls `onData` with stdout as it arrives, until `stop()` is called. */
export type GitRunner = (options: { args: string[]; cwd: string; onData?: (chunk: string, stop: () => void) => void }) => Promise<string>;

/** Rule id of the shallow-clone warning. */
const SHALLOW_RULE = 'content/shallow-history';

/**
 * Reads the last update of each file in `files` (paths relative to `root`, with `/`) with ONE
 * `git log` over `pathspec` (the docs folder) for the whole site, not one per file: its
 * `--name-only` output is read newest first, so the first commit naming a file is its last, and
 * git is stopped as soon as every file has been seen. Two small calls come before it:
 * `rev-parse` (is this a work tree, and a shallow one?), `status` (which files have
 * uncommitted changes) and `ls-files` (which are tracked at all). A shallow clone is reported once, as a warning at `configKey`.
 */
export async function loadLastUpdates(options: {
  root: string; files: string[]; pathspec: string | string[];
  /** The setting that asked for this (`docs.showLastUpdateTime`), named by the shallow warning; none: no warning. */
  configKey?: string;
  /** Where `configKey` is in site.config.ts, for the warning's position. */
  locateConfigKey?: () => { line: number; column: number } | undefined;
  git?: GitRunner;
}): Promise<{ updates: Map<string, LastUpdate>; diagnostics: Diagnostic[] }> {
  const { root, files, pathspec, configKey, git = runGit } = options;
  const updates = new Map<string, LastUpdate>();
  const diagnostics: Diagnostic[] = [];
  // The three questions are independent: asked at once, they cost one git start-up on the
  // build's path instead of three (a warm build of this site waited ~130 ms on four in a row).
  const [repo, status, listed] = files.length
    ? await Promise.all([
      workTree(git, root),
      git({ args: ['status', '--porcelain', '-z', '--untracked-files=all', '--', ...[pathspec].flat()], cwd: root }).catch(() => undefined),
      git({ args: ['ls-files', '-z', '--full-name', '--', ...[pathspec].flat()], cwd: root }).catch(() => undefined),
    ])
    : [];
  if (repo) {
    if (repo.shallow && configKey) {
      diagnostics.push({
        file: 'site.config.ts', ...options.locateConfigKey?.(), severity: 'warning', ruleId: SHALLOW_RULE,
        message: `Cannot read full git history for \`${configKey}\`: this is a shallow clone, so docs unchanged since its oldest commit show that commit's date`,
        hint: 'Fetch the whole history (`git fetch --unshallow`; in CI, a checkout with `fetch-depth: 0`).',
      });
    }
    try {
      if (status === undefined || listed === undefined) throw new Error('git status or ls-files failed');
      // Paths in git's output are relative to the top of the work tree; ours to the site root.
      const dirty = changedFiles(status);
      // Only tracked files can be in the log: an ignored folder (a copy of the site inside another
      // repository) would otherwise make git walk the whole history for files it never had.
      const tracked = new Set(listed.split('\0'));
      const wanted = new Map(files.filter((f) => tracked.has(repo.prefix + f) && !dirty.has(repo.prefix + f)).map((f) => [repo.prefix + f, f] as const));
      if (wanted.size) await readLog({ git, root, pathspec, wanted, updates });
    } catch {
      // git failed half-way: what it gave stands, the rest falls back to modification times as
      // outside git; a date is never worth a failed build.
    }
  }
  // Outside git, uncommitted, or never committed: the file's own modification time.
  for (const [f, update] of await fileTimes(root, files.filter((f) => !updates.has(f)))) updates.set(f, update);
  return { updates, diagnostics };
}

/** Each file's modification time (whole seconds, as git's), and no author. */
async function fileTimes(root: string, files: string[]): Promise<Map<string, LastUpdate>> {
  return new Map(await Promise.all(files.map(async (f) => {
    const { mtimeMs } = await stat(path.join(root, f));
    return [f, { at: Math.floor(mtimeMs / 1000) * 1000 }] as const;
  })));
}

/** The work tree `root` is in (its path prefix from the top, `site/` or ``), or none when git is missing or this is no work tree. */
async function workTree(git: GitRunner, root: string): Promise<{ prefix: string; shallow: boolean } | undefined> {
  try {
    const [shallow, prefix = ''] = (await git({ args: ['rev-parse', '--is-shallow-repository', '--show-prefix'], cwd: root })).split('\n');
    return { shallow: shallow.trim() === 'true', prefix: prefix.trim() };
  } catch {
    return undefined;
  }
}

/**
 * `git log -z --name-only`: a commit is `\x1e<committer time>\x1f<author>` then its files, each
 * ended by NUL (the first after a newline). `--no-renames` lists a moved file under its new
 * name in the commit that moved it (which is then its last update, as Docusaurus's `--follow`
 * has it) and spares git the rename detection on a long history.
 */
async function readLog(options: { git: GitRunner; root: string; pathspec: string | string[]; wanted: Map<string, string>; updates: Map<string, LastUpdate> }): Promise<void> {
  const { git, root, pathspec, wanted, updates } = options;
  let current: LastUpdate | undefined;
  let rest = '';
  const onData = (chunk: string, stop: () => void) => {
    const parts = (rest + chunk).split('\0');
    rest = parts.pop()!;
    for (const part of parts) {
      if (part.startsWith('\x1e')) {
        const [time, author] = part.slice(1).split('\x1f');
        current = { at: Number(time) * 1000, by: author };
        continue;
      }
      const file = wanted.get(part.replace(/^\n/, ''));
      if (file === undefined || !current || updates.has(file)) continue;
      updates.set(file, current);
      if (updates.size === wanted.size) return stop();
    }
  };
  await git({ args: ['log', '-z', '--no-renames', '--name-only', '--format=%x1e%ct%x1f%an', '--', ...[pathspec].flat()], cwd: root, onData });
}

/**
 * Paths in `git status --porcelain -z`: `XY path` entries; a rename or copy (`R`, `C`) is
 * followed by its old path, which is skipped (the old name no longer exists on disk).
 */
function changedFiles(status: string): Set<string> {
  const files = new Set<string>();
  const entries = status.split('\0');
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i];
    if (entry.length < 4) continue;
    files.add(entry.slice(3));
    if (/[RC]/.test(entry.slice(0, 2))) i++;
  }
  return files;
}

/** The real runner: `git` with stdout streamed; a failure (no git, not a work tree) rejects. Exported for tests that count calls. */
export const runGit: GitRunner = ({ args, cwd, onData }) => new Promise((resolve, reject) => {
  const child = spawn('git', args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  let stopped = false;
  const stop = () => {
    stopped = true;
    child.kill();
  };
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    if (stopped) return;
    if (onData) onData(chunk, stop);
    else out += chunk;
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => { err += chunk; });
  child.on('error', reject);
  child.on('close', (code) => {
    if (code === 0 || stopped) resolve(out);
    else reject(new Error(`git ${args[0]} exited ${code}: ${err.trim()}`));
  });
});

/**
 * The pipeline's hook (loadSite, reloadSite): `docs` with their `lastUpdate` when the config
 * shows the time or the author, else `docs` as they are and no git call at all. `configText`
 * places the shallow-clone warning; without it (a reload) the warning is not repeated.
 */
export async function withLastUpdates<T extends DocSource>(options: {
  root: string; config: SiteConfig; docs: T[]; configText?: string; git?: GitRunner;
  /**
   * `'file-time'`: no git call, each file's modification time (dev, for files edited during the
   * session: an edit is uncommitted, which git would only confirm, at the cost of three processes
   * started on every save). @default 'git'
   */
  source?: 'git' | 'file-time';
}): Promise<{ docs: T[]; diagnostics: Diagnostic[] }> {
  const { root, config, docs, configText, git, source = 'git' } = options;
  const { showLastUpdateTime, showLastUpdateAuthor } = config.docs;
  if (!showLastUpdateTime && !showLastUpdateAuthor) return { docs, diagnostics: [] };
  // Front matter `last_update` wins over git (and file times), field by field, as in Docusaurus.
  const withOverride = (d: T, found: LastUpdate | undefined): T => {
    const own = d.lastUpdateFrontMatter;
    if (!own) return { ...d, lastUpdate: found };
    const at = own.at ?? found?.at;
    return { ...d, lastUpdate: at === undefined ? found : { at, ...(own.by ?? found?.by ? { by: own.by ?? found?.by } : {}) } };
  };
  if (source === 'file-time') {
    const updates = await fileTimes(root, docs.map((d) => d.file));
    return { docs: docs.map((d) => withOverride(d, updates.get(d.file))), diagnostics: [] };
  }
  const configKey = `docs.${showLastUpdateTime ? 'showLastUpdateTime' : 'showLastUpdateAuthor'}`;
  const { updates, diagnostics } = await loadLastUpdates({
    // Every docs folder: the docs', their released versions' and further instances' (src/content/doc-versions.ts).
    root, files: docs.map((d) => d.file), git,
    pathspec: [config.docs.path, versionFiles(DEFAULT_INSTANCE).docs, ...config.docsInstances.flatMap((d) => [d.path, versionFiles(d.id).docs])],
    ...(configText !== undefined ? { configKey, locateConfigKey: () => createSourceTree('site.config.ts', configText).locatePath(configKey.split('.')) } : {}),
  });
  return { docs: docs.map((d) => withOverride(d, updates.get(d.file))), diagnostics };
}
