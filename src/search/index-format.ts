/**
 * The local search index as written to `search-index/` by the build and read by the browser client.
 *
 * - `manifest.json` (fixed name, small): counts, the shard separators and page groups.
 * - `shards/<n>.<hash>.json.gz`: a contiguous range of terms, each with its posting list.
 * - `fragments/<page % 16>/<page>-<n>.<hash>.json.gz`: title, URL, and heading and text of records
 *   `n * perFragment` to `(n + 1) * perFragment - 1` of a page, fetched only for the hits shown.
 *   They are spread over 16 folders because a build writes them one page after another, and
 *   file systems create files in one folder one at a time: on this project's machine, 5,000
 *   small files took 3.0 s in one folder and 1.3 s over 16 (ext4, 32 writes in flight).
 *
 * Shards and fragments are gzipped JSON, inflated by the client (DecompressionStream), as
 * Pagefind does: they hold the whole site's text once more, and on 10,000 pages that was 171 MB
 * of the output as plain JSON, 80 MB gzipped (a static host gzips them on the wire anyway; this
 * saves the disk and the upload, e.g. under GitHub Pages' 1 GB). A host that labels `.gz` files
 * `Content-Encoding: gzip` has the browser inflate them first; the client accepts both.
 *
 * A *record* is a chunk of a page section of at most a couple of hundred words (like the
 * paragraph records of hosted search), so snippets stay local and fragments stay small.
 * Pages are numbered so that each (language, tag) group is a contiguous id range, which makes
 * contextual filtering a range check before any fragment is fetched.
 */

/** The entry point of the index. */
export interface SearchManifest {
  /** Format version; bumped on incompatible changes (2: shards and fragments gzipped). */
  version: 2;
  /** Content hash of the whole index; part of every other file name, so those cache forever. */
  hash: string;
  /** Number of records, for inverse document frequency. */
  records: number;
  /** Records per fragment file: record `r` of a page is in fragment file `floor(r / perFragment)`. */
  perFragment: number;
  /** Language of the site (`config.locale`), used when the page does not declare one. */
  language: string;
  /** Shard `i` holds the terms `t` with `shards[i] <= t < shards[i + 1]` (plain `<` order). */
  shards: string[];
  /** `[language, tag, firstPage, endPage)`: pages by group, ids contiguous. */
  groups: [string, string, number, number][];
}

/** Term → encoded posting list (see {@link decodePostings}). */
export type SearchShard = Record<string, string>;

/** Text of one record, for the hit's link, section and snippet. */
export interface FragmentRecord {
  /** Section heading and its id, when the record is inside a section (not the page intro). */
  heading?: string;
  anchor?: string;
  /** Plain text (never HTML). */
  text: string;
}

/** A run of consecutive records of one page. */
export interface SearchFragment {
  /** Page title. */
  title: string;
  /** Page route, e.g. `/rules`. */
  url: string;
  records: FragmentRecord[];
}

/** Paths of the index files, relative to the index folder. */
/**
 * Folder of the index in the output. Not `search/`: beside `search.html`, a `search/` folder makes
 * some static hosts redirect `/search` to `/search/`.
 */
export const INDEX_DIR = 'search-index';

/** Folders the fragment files are spread over (see the file comment). */
const FRAGMENT_FOLDERS = 16;

export const indexPaths = {
  manifest: 'manifest.json',
  shard: (n: number, hash: string) => `shards/${n}.${hash}.json.gz`,
  fragment: (page: number, n: number, hash: string) => `fragments/${page % FRAGMENT_FOLDERS}/${page}-${n}.${hash}.json.gz`,
};

/**
 * Postings are a string over a URL-safe 64-character alphabet (JSON-safe, and gzip codes it
 * nearly as tightly as binary). Varints carry 5 bits per character plus a continuation bit.
 * Per page: varint(page id delta); then per record: varint(record delta << 2 | continues << 1 |
 * more-follow), the weight as one character (0–63) and, when the record continues a section
 * (a later chunk of it), varint(how many records back the section starts): the client lists a
 * section once however many of its chunks match.
 */
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_';
const VALUES: Record<string, number> = {};
for (let i = 0; i < ALPHABET.length; i++) VALUES[ALPHABET[i]] = i;

/**
 * Encodes postings given as flat `[page, record, weight, page, record, weight, …]` triples,
 * sorted by page, then record. Weights are clamped to 0–63. `offsets` holds, per posting, how
 * many records back its section starts (0, the default, for a section's first record).
 */
export function encodePostings(flat: ArrayLike<number>, offsets?: ArrayLike<number>): string {
  // Character codes in a growing byte buffer: far faster than appending to a string.
  let out = new Uint8Array(64);
  let n = 0;
  const put = (digit: number) => {
    if (n === out.length) {
      const grown = new Uint8Array(n * 2);
      grown.set(out);
      out = grown;
    }
    out[n++] = ALPHABET.charCodeAt(digit);
  };
  const varint = (value: number) => {
    do {
      const low = value & 31;
      value = Math.floor(value / 32);
      put(low | (value > 0 ? 32 : 0));
    } while (value > 0);
  };
  let lastPage = 0;
  for (let i = 0; i < flat.length; i += 3) {
    const page = flat[i];
    const first = i === 0 || flat[i - 3] !== page;
    if (first) varint(page - lastPage);
    const previous = first ? 0 : flat[i - 2];
    const more = i + 3 < flat.length && flat[i + 3] === page;
    const offset = offsets?.[i / 3] ?? 0;
    varint((flat[i + 1] - previous) * 4 + (offset > 0 ? 2 : 0) + (more ? 1 : 0));
    put(Math.max(0, Math.min(63, Math.round(flat[i + 2]))));
    if (offset > 0) varint(offset);
    lastPage = page;
  }
  return new TextDecoder().decode(out.subarray(0, n));
}

/**
 * Decodes {@link encodePostings}' output, calling `visit` for each posting in order; `section`
 * is the record where the posting's section starts.
 */
export function decodePostings(encoded: string, visit: (page: number, record: number, weight: number, section: number) => void): void {
  let i = 0;
  const varint = () => {
    let value = 0;
    let scale = 1;
    let digit: number;
    do {
      digit = VALUES[encoded[i++]];
      value += (digit & 31) * scale;
      scale *= 32;
    } while (digit & 32);
    return value;
  };
  let page = 0;
  while (i < encoded.length) {
    page += varint();
    let record = 0;
    let more: boolean;
    do {
      const value = varint();
      record += Math.floor(value / 4);
      more = (value & 1) === 1;
      const weight = VALUES[encoded[i++]];
      visit(page, record, weight, value & 2 ? record - varint() : record);
    } while (more);
  }
}
