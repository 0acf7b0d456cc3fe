import { mkdir, writeFile, copyFile } from 'node:fs/promises';
import path from 'node:path';

/** Where build output goes: the file system for `build`, memory for dev and tests. */
export interface Writer {
  write(file: string, contents: string | Uint8Array): Promise<void>;
  copy(from: string, file: string): Promise<void>;
  /**
   * Output produced only when first read. Dev uses it on big sites, where rendering every page
   * after an edit that touches them all (a sidebar title) would take minutes; a build never does.
   */
  defer?(file: string, render: () => string): Promise<void>;
  /** Resolves when everything written so far is on disk; rejects with the first write error. */
  flush?(): Promise<void>;
}

/** Files being written at once by an FsWriter. */
const IN_FLIGHT = 32;

/**
 * Writes below `dir`, creating folders as needed. `write` and `copy` return as soon as the
 * operation has started (up to 32 run at once; the next call waits for a free slot), so rendering
 * goes on while the disk works: awaiting each of the real site's ~500 files in turn cost about
 * 0.5 s, mostly waiting. Call `flush()` before using the folder: it also reports any failure.
 */
export class FsWriter implements Writer {
  readonly dir: string;
  private readonly made = new Map<string, Promise<unknown>>();
  private readonly inFlight = new Set<Promise<void>>();
  private failure: Error | undefined;

  constructor(dir: string) {
    this.dir = dir;
  }

  write(file: string, contents: string | Uint8Array): Promise<void> {
    return this.start(file, (abs) => writeFile(abs, contents));
  }

  copy(from: string, file: string): Promise<void> {
    return this.start(file, (abs) => copyFile(from, abs));
  }

  async flush(): Promise<void> {
    await Promise.all(this.inFlight);
    if (this.failure) throw this.failure;
  }

  private async start(file: string, operation: (abs: string) => Promise<void>): Promise<void> {
    if (this.failure) throw this.failure;
    while (this.inFlight.size >= IN_FLIGHT) await Promise.race(this.inFlight);
    const abs = path.join(this.dir, file);
    const job = this.ensureDir(path.dirname(abs))
      .then(() => operation(abs))
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
}

/** A file of a MemoryWriter: contents, a copy of a file on disk, or contents made on first read. */
export type MemoryFile = string | Uint8Array | { copyOf: string } | { render: () => string };

/** Keeps output in a map keyed by relative path (`quickstart.html`). */
export class MemoryWriter implements Writer {
  readonly files = new Map<string, MemoryFile>();

  async write(file: string, contents: string | Uint8Array): Promise<void> {
    this.files.set(file, contents);
  }

  async copy(from: string, file: string): Promise<void> {
    this.files.set(file, { copyOf: from });
  }

  async defer(file: string, render: () => string): Promise<void> {
    this.files.set(file, { render });
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
