import { statSync } from 'node:fs';
import { copyFile, lstat, mkdir, open, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where build output goes: the file system for `build`, memory for dev and tests. Every writer
 * can do all of this; what a writer working over an earlier build's folder can do besides is
 * `ReusableOutput` (FsWriter), handed to the render on its own.
 */
export interface Writer {
  write(file: string, contents: string | Uint8Array): Promise<void>;
  copy(from: string, file: string): Promise<void>;
  /**
   * Output made by `render`, at the latest when first read. Dev defers pages on big sites (see
   * BuildPolicy.deferPagesBeyond), where rendering every page after an edit that touches them
   * all (a sidebar title) would take minutes; a writer whose files are not read through it
   * (FsWriter) renders at once.
   */
  defer(file: string, render: () => string): Promise<void>;
}

/**
 * The folder an earlier build left where this one writes (see FsWriter), and the folder this
 * build replaces: what a build may keep from them instead of making it again.
 */
export interface ReusableOutput {
  /**
   * Marks the files of an earlier build that this one will certainly not write (those for which
   * `obsolete` holds, and not written so far) as free to be reused for new files.
   */
  recycle(obsolete: (file: string) => boolean): void;
  /** Files of an earlier build in the output that this build has not written. */
  existingFiles(): string[];
  /** The contents of one of the `existingFiles()`, whole or its first `maxBytes` bytes. */
  readExisting(file: string, maxBytes?: number): Promise<string | undefined>;
  /** A file of the output as it is now (one kept with `keepExisting`, say); not for files being written. */
  readOutput(file: string): Promise<string | undefined>;
  /** Keeps some of the `existingFiles()` as they are, as if this build had written them; returns their bytes. */
  keepExisting(files: string[]): number;
  /** A file of the folder this build replaces, whole or its first `maxBytes` bytes (none without one). */
  readCurrent(file: string, maxBytes?: number): Promise<string | undefined>;
  /** Files below `folder` in the folder this build replaces, relative to the output (`search-index/manifest.json`). */
  currentFiles(folder: string): Promise<string[]>;
  /** Copies files of the folder this build replaces to the same paths; returns their bytes. */
  copyCurrent(files: string[]): Promise<number>;
}

/** Files being written at once by an FsWriter. */
const IN_FLIGHT = 32;

/**
 * Writes below `dir`, creating folders as needed. `write` and `copy` return as soon as the
 * operation has started (up to 32 run at once; the next call waits for a free slot), so rendering
 * goes on while the disk works: awaiting each of the real site's ~500 files in turn cost about
 * 0.5 s, mostly waiting. Call `flush()` before using the folder: it also reports any failure.
 *
 * `dir` may hold an earlier build (see `claimOutputFolder`): `existing` lists its files, which
 * are then written over in place (the caller vouches that each is a regular file no other path
 * links to). A file where a folder must go, or a folder where a file must go, is removed first.
 *
 * `current` is the folder this build replaces (`build/`), which is only ever read: it is one
 * build newer than the spare `dir` was made from, so after anything that changed every page (a
 * sitegen update, a config edit) it holds pages the spare does not (see renderAllPages).
 */
export class FsWriter implements Writer, ReusableOutput {
  readonly dir: string;
  /** Every file written or copied so far, relative (`quickstart.html`). */
  readonly written = new Set<string>();
  private readonly existing: ReadonlySet<string>;
  /** Files of the earlier build given up by `recycle`, not yet reused, and all those ever given up. */
  private readonly spares: string[] = [];
  private readonly offered = new Set<string>();
  /** Files of the earlier build renamed to a new file's path. */
  private readonly moved = new Set<string>();
  private readonly made = new Map<string, Promise<unknown>>();
  private readonly inFlight = new Set<Promise<void>>();
  private failure: Error | undefined;

  private readonly current: string | undefined;

  constructor(dir: string, options: { existing?: ReadonlySet<string>; current?: string } = {}) {
    this.dir = dir;
    this.existing = options.existing ?? new Set();
    this.current = options.current;
  }

  write(file: string, contents: string | Uint8Array): Promise<void> {
    return this.start(file, (abs) => writeFile(abs, contents));
  }

  copy(from: string, file: string): Promise<void> {
    return this.start(file, (abs) => copyFile(from, abs));
  }

  /** Nothing reads pages back through a folder on disk: the page is rendered now. */
  defer(file: string, render: () => string): Promise<void> {
    return this.write(file, render());
  }

  recycle(obsolete: (file: string) => boolean): void {
    for (const file of this.existingFiles()) {
      if (!obsolete(file)) continue;
      this.spares.push(file);
      this.offered.add(file);
    }
  }

  existingFiles(): string[] {
    return [...this.existing].filter((file) => !this.written.has(file) && !this.moved.has(file) && !this.offered.has(file));
  }

  /** The file as the earlier build left it, or only its first `maxBytes` bytes (a multi-byte character cut there is dropped). */
  async readExisting(file: string, maxBytes?: number): Promise<string | undefined> {
    if (!this.existing.has(file) || this.written.has(file) || this.moved.has(file)) return undefined;
    return readText(path.join(this.dir, file), maxBytes);
  }

  async readOutput(file: string): Promise<string | undefined> {
    return readText(path.join(this.dir, file));
  }

  async readCurrent(file: string, maxBytes?: number): Promise<string | undefined> {
    return this.current === undefined ? undefined : readText(path.join(this.current, file), maxBytes);
  }

  async currentFiles(folder: string): Promise<string[]> {
    if (this.current === undefined) return [];
    const entries = await readdir(path.join(this.current, folder), { recursive: true, withFileTypes: true }).catch(() => []);
    return entries.filter((e) => e.isFile()).map((e) => path.relative(this.current!, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
  }

  async copyCurrent(files: string[]): Promise<number> {
    let bytes = 0;
    for (const file of files) {
      const from = path.join(this.current!, file);
      bytes += statSync(from, { throwIfNoEntry: false })?.size ?? 0;
      await this.copy(from, file);
    }
    return bytes;
  }

  keepExisting(files: string[]): number {
    let bytes = 0;
    for (const file of files) {
      if (!this.existing.has(file)) continue;
      this.written.add(file);
      bytes += statSync(path.join(this.dir, file), { throwIfNoEntry: false })?.size ?? 0;
    }
    return bytes;
  }

  /** Files of the earlier build that this one neither wrote nor reused: to be deleted. */
  staleFiles(): string[] {
    return [...this.existing].filter((file) => !this.written.has(file) && !this.moved.has(file));
  }

  /** Resolves when everything written so far is on disk; rejects with the first write error. */
  async flush(): Promise<void> {
    await Promise.all(this.inFlight);
    if (this.failure) throw this.failure;
  }

  private async start(file: string, operation: (abs: string) => Promise<void>): Promise<void> {
    if (this.failure) throw this.failure;
    assertOutputPath(file);
    while (this.inFlight.size >= IN_FLIGHT) await Promise.race(this.inFlight);
    const abs = path.join(this.dir, file);
    this.written.add(file);
    const reused = this.existing.has(file);
    // A new path takes over a recycled file when there is one: renaming is far cheaper than creating.
    const spare = reused ? undefined : this.spares.pop();
    if (spare !== undefined) this.moved.add(spare);
    const prepare = reused ? Promise.resolve()
      : spare !== undefined ? this.ensureDir(path.dirname(abs)).then(() => rename(path.join(this.dir, spare), abs)).catch(() => undefined)
      : this.ensureDir(path.dirname(abs));
    const job = prepare
      .then(() => operation(abs))
      .catch(async (error: NodeJS.ErrnoException) => {
        // A folder of the earlier build where this file goes (or a file where one of its folders goes).
        if (this.existing.size === 0 || !['EISDIR', 'ENOTDIR', 'EEXIST', 'ENOENT'].includes(error.code ?? '')) throw error;
        await this.clearWay(file);
        await operation(abs);
      })
      .catch((error: Error) => {
        this.failure ??= error;
      })
      .finally(() => this.inFlight.delete(job));
    this.inFlight.add(job);
  }

  private ensureDir(dir: string): Promise<unknown> {
    let made = this.made.get(dir);
    if (!made) {
      made = mkdir(dir, { recursive: true });
      this.made.set(dir, made);
    }
    return made;
  }

  /** Removes whatever of the earlier build stands in the way of `file`: a folder at its path, or a file at one of its folders'. */
  private async clearWay(file: string): Promise<void> {
    const parts = file.split('/');
    for (let i = 1; i <= parts.length; i++) {
      const at = path.join(this.dir, ...parts.slice(0, i));
      const stat = await lstat(at).catch(() => undefined);
      if (!stat) break;
      if (i === parts.length ? stat.isDirectory() : !stat.isDirectory()) await rm(at, { recursive: true, force: true });
    }
    this.made.clear();
    await mkdir(path.dirname(path.join(this.dir, file)), { recursive: true });
  }
}

/** A file of a MemoryWriter: contents, a copy of a file on disk, or contents made on first read. */
export type MemoryFile = string | Uint8Array | { copyOf: string } | { render: () => string };

/** Keeps output in a map keyed by relative path (`quickstart.html`). */
export class MemoryWriter implements Writer {
  readonly files = new Map<string, MemoryFile>();

  async write(file: string, contents: string | Uint8Array): Promise<void> {
    this.files.set(assertOutputPath(file), contents);
  }

  async copy(from: string, file: string): Promise<void> {
    this.files.set(assertOutputPath(file), { copyOf: from });
  }

  async defer(file: string, render: () => string): Promise<void> {
    this.files.set(assertOutputPath(file), { render });
  }

  /** Text of a written file, for tests; deferred output is made now. */
  text(file: string): string | undefined {
    const value = this.files.get(file);
    if (value === undefined) return undefined;
    if (typeof value === 'string') return value;
    if (value instanceof Uint8Array) return new TextDecoder().decode(value);
    if ('render' in value) {
      const text = value.render();
      this.files.set(file, text);
      return text;
    }
    return undefined;
  }
}

/**
 * Every output path is relative, with `/`, and stays inside the output folder once resolved:
 * routes are checked where they are planned (route-safety.ts), so a path that gets here and
 * escapes is a bug, never written.
 */
export function assertOutputPath(file: string): string {
  const normal = path.normalize(file);
  if (file === '' || path.isAbsolute(file) || normal === '..' || normal.startsWith(`..${path.sep}`) || file.includes('\0')) {
    throw new Error(`Internal error: refusing to write \`${file}\` outside the output folder`);
  }
  return file;
}

/** A file's text, or its first `maxBytes` bytes (a multi-byte character cut there is dropped); undefined when unreadable. */
async function readText(file: string, maxBytes?: number): Promise<string | undefined> {
  if (maxBytes === undefined) return readFile(file, 'utf8').catch(() => undefined);
  try {
    const handle = await open(file, 'r');
    try {
      const buffer = Buffer.alloc(maxBytes);
      const { bytesRead } = await handle.read(buffer, 0, maxBytes, 0);
      return new TextDecoder('utf-8', { fatal: false }).decode(buffer.subarray(0, bytesRead)).replace(/\uFFFD$/, '');
    } finally {
      await handle.close();
    }
  } catch {
    return undefined;
  }
}
