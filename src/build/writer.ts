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
}

/** Writes below `dir`, creating folders as needed. */
export class FsWriter implements Writer {
  readonly dir: string;
  private readonly made = new Set<string>();

  constructor(dir: string) {
    this.dir = dir;
  }

  async write(file: string, contents: string | Uint8Array): Promise<void> {
    const abs = path.join(this.dir, file);
    await this.ensureDir(path.dirname(abs));
    await writeFile(abs, contents);
  }

  async copy(from: string, file: string): Promise<void> {
    const abs = path.join(this.dir, file);
    await this.ensureDir(path.dirname(abs));
    await copyFile(from, abs);
  }

  private async ensureDir(dir: string): Promise<void> {
    if (this.made.has(dir)) return;
    await mkdir(dir, { recursive: true });
    this.made.add(dir);
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
