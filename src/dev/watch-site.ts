import { statSync } from 'node:fs';
import path from 'node:path';
import { watch, type FSWatcher } from 'chokidar';
import { CONFIG_FILE, findConfigFile } from '../config/load-config.ts';

/** A batch of changes, classified by what they invalidate. Paths are root-relative with `/`. */
export interface ChangeBatch {
  /** Every changed file, in arrival order, without repeats. */
  files: string[];
  /** Folders added or removed. */
  dirs: string[];
  config: boolean;
  theme: boolean;
  /** A folder was added or removed: the content must be listed again. */
  folders: boolean;
  /** When the first change of the batch arrived (`performance.now()`), for the timing log. */
  startedAt: number;
}

/**
 * Files that must not trigger rebuilds: editor droppings (`.#x.md`, `.x.md.swp`, `x.md~`, `4913`)
 * and sitegen's own short-lived copies beside the config and sidebars files, written while they
 * load (`site.config.ts.timestamp-….mjs`, `sidebars.sitegen-….cjs`).
 */
const ignoredNameRE = /^\.|~$|\.sw[px]$|^4913$|\.tmp$|\.timestamp-\d+-\d+-\w+\.mjs$|\.sitegen-\d+-\d+\.cjs$/;
/** Events arriving within this window form one batch (an editor's save is often two writes). */
const batchMs = 8;
/**
 * An editor saving in place truncates the file, then writes it: read in between, it is empty,
 * and the page would vanish from the open tabs. A file that is empty and was changed less than
 * this long ago holds its batch back, a little at a time, up to this long.
 */
const emptyFileWaitMs = 1000;
const emptyFileRetryMs = 40;

/**
 * Watches `content/`, `theme/`, `public/` and `site.config.ts` (add more with `watcher.add`)
 * and calls `onBatch` with changes grouped over a few milliseconds.
 * Resolves once the initial scan is done, so a change made right after is never missed.
 */
export async function watchSite(options: { root: string; onBatch: (batch: ChangeBatch) => void }): Promise<FSWatcher> {
  const { root, onBatch } = options;
  // The config: `site.config.ts`, or the Docusaurus config read in its place.
  const configFile = findConfigFile(root)?.file ?? CONFIG_FILE;
  const targets = ['content', 'theme', 'public', configFile].map((p) => path.join(root, p));
  // Relative to the root: the site itself may live below a node_modules folder (test scratch copies).
  const ignored = (file: string) => ignoredNameRE.test(path.basename(file)) || path.relative(root, file).split(path.sep).includes('node_modules');
  const watcher = watch(targets, { ignoreInitial: true, ignored });
  let batch: ChangeBatch | undefined;
  let timer: NodeJS.Timeout | undefined;
  const add = (kind: 'file' | 'dir', abs: string) => {
    const file = path.relative(root, abs).split(path.sep).join('/');
    batch ??= { files: [], dirs: [], config: false, theme: false, folders: false, startedAt: performance.now() };
    const list = kind === 'dir' ? batch.dirs : batch.files;
    if (!list.includes(file)) list.push(file);
    if (file === configFile) batch.config = true;
    else if (file.startsWith('theme/')) batch.theme = true;
    else if (kind === 'dir' && !file.startsWith('public/')) batch.folders = true;
    clearTimeout(timer);
    timer = setTimeout(flush, batchMs);
  };
  const flush = () => {
    const done = batch!;
    if (performance.now() - done.startedAt < emptyFileWaitMs && done.files.some((file) => emptyAndNew(path.join(root, file)))) {
      timer = setTimeout(flush, emptyFileRetryMs);
      return;
    }
    batch = undefined;
    onBatch(done);
  };
  watcher.on('add', (p) => add('file', p)).on('change', (p) => add('file', p)).on('unlink', (p) => add('file', p));
  watcher.on('addDir', (p) => add('dir', p)).on('unlinkDir', (p) => add('dir', p));
  // chokidar drops a change that follows another on the same file within 50 ms (and raw events
  // within 5 ms), so a quick second save would be lost and the served page stale. Its raw
  // fs.watch events are not throttled: take every `change` among them too (batching merges the
  // duplicates). `watchedPath` is the file itself or its folder.
  watcher.on('raw', (event, name, details) => {
    const watched = (details as { watchedPath?: string }).watchedPath;
    if (event !== 'change' || !watched || !name) return;
    // A watched file (site.config.ts) reports changes beside it too: only its own count.
    if (path.basename(watched) !== name && isFile(watched)) return;
    const abs = path.basename(watched) === name ? watched : path.join(watched, name);
    if (!ignored(abs) && isFile(abs)) add('file', abs);
  });
  await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  return watcher;
}

function isFile(abs: string): boolean {
  try {
    return statSync(abs).isFile();
  } catch {
    return false;
  }
}

/** A file of zero bytes changed within the last second: most likely a save half done. */
function emptyAndNew(abs: string): boolean {
  try {
    const stat = statSync(abs);
    return stat.isFile() && stat.size === 0 && Date.now() - stat.mtimeMs < emptyFileWaitMs;
  } catch {
    return false;
  }
}
