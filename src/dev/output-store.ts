import { createReadStream, statSync } from 'node:fs';
import type { MemoryFile, MemoryWriter } from '../site/writer.ts';
import type { FileSource } from '../serve/send-content.ts';

/**
 * The dev server's output, in memory. A rebuild writes into its own MemoryWriter and `commit`
 * applies it in one synchronous step, so requests arriving mid-rebuild see the previous output
 * in full, never a mix, and a failed rebuild leaves it untouched. Deferred pages are rendered
 * on first read and kept.
 */
export class OutputStore {
  private readonly files = new Map<string, { value: MemoryFile; version: string }>();
  /** Files by commit group (`site`, `search`), to remove what a group's next commit no longer has. */
  private readonly groups = new Map<string, Set<string>>();
  private generation = 0;

  /** Whether any build has been committed yet. */
  get isEmpty(): boolean {
    return this.files.size === 0;
  }

  /** How many pages are still waiting to be rendered on first read (their HTML; each page's data file waits with it). */
  get pending(): number {
    let count = 0;
    for (const [file, { value }] of this.files) if (isDeferred(value) && file.endsWith('.html')) count++;
    return count;
  }

  /**
   * Applies what `staged` holds and removes files that `group`'s previous commit had but this
   * one does not list in `outputs` (a deleted page, a renamed asset).
   */
  commit(options: { staged: MemoryWriter; outputs: Set<string>; group?: string }): void {
    const { staged, outputs } = options;
    const group = options.group ?? 'site';
    const generation = ++this.generation;
    for (const file of this.groups.get(group) ?? []) if (!outputs.has(file)) this.files.delete(file);
    for (const [file, value] of staged.files) this.files.set(file, { value, version: `${generation.toString(36)}-${sizeOf(value)}` });
    this.groups.set(group, new Set(outputs));
  }

  /** Text of an output file (`quickstart.html`), rendering it if deferred. */
  text(file: string): string | undefined {
    const value = this.resolve(file);
    if (typeof value === 'string') return value;
    if (value instanceof Uint8Array) return Buffer.from(value).toString('utf8');
    return undefined;
  }

  /** The store as a server file source. Copies (public/, images) are read from disk per request. */
  source(): FileSource {
    return {
      isFile: (file) => this.files.has(file.slice(1)),
      read: (file) => {
        const value = this.resolve(file.slice(1));
        if (value === undefined) return undefined;
        const version = this.files.get(file.slice(1))!.version;
        if (typeof value === 'string' || value instanceof Uint8Array) return { size: sizeOf(value), version, bytes: value };
        try {
          const stat = statSync((value as { copyOf: string }).copyOf);
          return { size: stat.size, version: `${stat.size.toString(16)}-${stat.mtimeMs.toString(16)}`, open: () => createReadStream((value as { copyOf: string }).copyOf) };
        } catch {
          // Deleted since the last rebuild; the watcher's rebuild will drop it.
          return undefined;
        }
      },
    };
  }

  /** The stored value, with a deferred one rendered and kept in its place. */
  private resolve(file: string): MemoryFile | undefined {
    const entry = this.files.get(file);
    if (!entry || !isDeferred(entry.value)) return entry?.value;
    entry.value = entry.value.render();
    return entry.value;
  }
}

function isDeferred(value: MemoryFile): value is { render: () => string } {
  return typeof value === 'object' && 'render' in value;
}

function sizeOf(value: MemoryFile): number {
  if (typeof value === 'string') return Buffer.byteLength(value);
  return value instanceof Uint8Array ? value.byteLength : 0;
}
