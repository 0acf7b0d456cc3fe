import type { ReusableOutput, Writer } from './writer.ts';

/**
 * Everything one render writes, on its way to the writer: the output files (for the dev store
 * and the result), the non-page files (for the link check: `/img/logo.svg`) and the bytes.
 */
export interface SiteOutput {
  /** Writes a file; pages are not link targets by file name, so `page` leaves them out of `files`. */
  write(file: string, contents: string | Uint8Array, kind?: 'page' | 'file'): Promise<void>;
  copy(from: string, file: string): Promise<void>;
  /** Every output file, relative (`quickstart.html`). */
  readonly outputs: Set<string>;
  /** Non-page files as site paths (`/img/logo.svg`). */
  readonly files: Set<string>;
  readonly bytes: number;
  /** What an earlier build left in the output folder, when the render was given one (`reusable`). */
  readonly earlier?: EarlierOutput;
  /** With `unchanged` (dev): the files (not pages) of this render, for the next one's `unchanged`. */
  readonly written?: Map<string, WrittenFile>;
}

/** A file a render wrote: its contents as given, and their size. */
export interface WrittenFile { contents: string | Uint8Array; bytes: number }

/** The files of an earlier build in the output folder, not written by this build so far. */
export interface EarlierOutput {
  files(): string[];
  /** The whole file, or its first `maxBytes` bytes. */
  read(file: string, maxBytes?: number): Promise<string | undefined>;
  /** A file kept (`keep`), as it is in the output folder. */
  readKept(file: string): Promise<string | undefined>;
  /** Keeps files as they are: they count as written by this build (`kind` as in `SiteOutput.write`). */
  keep(files: string[], kind?: 'page' | 'file'): void;
  /** Gives up the files for which `obsolete` holds, to be reused for new files. */
  recycle(obsolete: (file: string) => boolean): void;
  /**
   * The output folder this build replaces (`build/`), read-only. It is one build newer than the
   * folder written over, so after a change that made every page anew it holds what that one lacks.
   */
  current: CurrentOutput;
}

/** The output folder a build replaces (see `EarlierOutput.current`). */
export interface CurrentOutput {
  /** The whole file, or its first `maxBytes` bytes. */
  read(file: string, maxBytes?: number): Promise<string | undefined>;
  /** Its files below `folder`, relative to the output. */
  files(folder: string): Promise<string[]>;
  /** Copies its `files` to the same paths of this build's output (`kind` as in `SiteOutput.write`). */
  copy(files: string[], kind?: 'page' | 'file'): Promise<void>;
}

/**
 * Creates the output of one render, writing through `writer`. `unchanged` (dev) holds the files
 * the last render wrote into the same store: a file given again with the same contents (a cached
 * sidebar file, the feeds, the client bundle…) is not written again, only listed. Contents kept
 * from one render to the next are the same string, so the comparison is one of identity.
 * `reusable` is what an earlier build left (FsWriter): what is kept from it counts as output.
 */
export function createSiteOutput(writer: Writer, options: { unchanged?: Map<string, WrittenFile>; reusable?: ReusableOutput } = {}): SiteOutput {
  const { unchanged, reusable } = options;
  const written = unchanged && new Map<string, WrittenFile>();
  let bytes = 0;
  const outputs = new Set<string>();
  const files = new Set<string>();
  /** Files kept or copied from an earlier build count as written by this one. */
  const count = (kept: string[], kind: 'page' | 'file') => {
    for (const file of kept) {
      outputs.add(file);
      if (kind === 'file') files.add(`/${file}`);
    }
  };
  const earlier: EarlierOutput | undefined = reusable && {
    files: () => reusable.existingFiles(),
    read: (file, maxBytes) => reusable.readExisting(file, maxBytes),
    readKept: (file) => reusable.readOutput(file),
    keep(kept, kind = 'file') {
      bytes += reusable.keepExisting(kept);
      count(kept, kind);
    },
    recycle: (obsolete) => reusable.recycle(obsolete),
    current: {
      read: (file, maxBytes) => reusable.readCurrent(file, maxBytes),
      files: (folder) => reusable.currentFiles(folder),
      async copy(copied, kind = 'file') {
        count(copied, kind);
        bytes += await reusable.copyCurrent(copied);
      },
    },
  };
  return {
    outputs,
    files,
    earlier,
    written,
    get bytes() {
      return bytes;
    },
    async write(file, contents, kind = 'file') {
      outputs.add(file);
      if (kind === 'file') files.add(`/${file}`);
      const last = kind === 'file' ? unchanged?.get(file) : undefined;
      if (last?.contents === contents) {
        bytes += last.bytes;
        written!.set(file, last);
        return;
      }
      const size = typeof contents === 'string' ? Buffer.byteLength(contents) : contents.byteLength;
      bytes += size;
      if (written && kind === 'file') written.set(file, { contents, bytes: size });
      await writer.write(file, contents);
    },
    async copy(from, file) {
      outputs.add(file);
      files.add(`/${file}`);
      await writer.copy(from, file);
    },
  };
}
