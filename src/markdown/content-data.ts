/**
 * Content data: facts that several pages show (settings, ids, limits) kept once as YAML or JSON
 * files in `content/data/`, and looked up by the `remarkData` directives (`::data-table`,
 * `::data-list`, `:fact[…]`).
 *
 * A key is the file's name without extension, then a path inside it: `game.timeout` is the
 * `timeout` of `content/data/game.yml`. In a list, a path segment picks the item whose `id` is
 * that segment; ids may hold dots (`ruleset-settings.royale.shrinkEveryNTurns.default`), so the
 * longest matching id wins. A whole number that is no item's id picks an item by its place,
 * from 0 (`canon.headcount.0.size`).
 *
 * Files are read again whenever a page asks (they are small), and parsed again only when their
 * bytes changed: `sitegen dev` and the Markdown cache compare each page's recorded data hashes
 * with the files' current ones, so an edited value re-renders exactly the pages that show it.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { fenceProblem, type SiteFence } from '../content/site-fence.ts';

/** Where data files live, relative to the site root. */
export const DATA_DIR = 'content/data';

const extensions = ['.yml', '.yaml', '.json'];

/** One data file, parsed. */
export interface DataSource {
  /** The file's name without extension (`ruleset-settings`). */
  name: string;
  /** Root-relative path (`content/data/ruleset-settings.yml`). */
  file: string;
  /** sha256 of the bytes: what a rendered page records to know when to render again. */
  hash: string;
  value: unknown;
}

/** A file that exists but does not parse. */
export interface DataSourceError {
  name: string;
  file: string;
  hash: string;
  error: string;
}

/** Parsed files by content hash: a file is parsed once per distinct content. */
const parsed = new Map<string, DataSource | DataSourceError>();

/**
 * Reads `content/data/<name>.yml` (or `.yaml`, `.json`) under the site folder; `undefined` when
 * there is no such file. A file that links outside the `fence` is an error, never read.
 */
export function loadDataSource(options: { fence: SiteFence; name: string }): DataSource | DataSourceError | undefined {
  const { fence, name } = options;
  const root = fence.root;
  // A name is one file name: never a path out of the data folder.
  if (!/^[\w-]+$/.test(name)) return undefined;
  for (const ext of extensions) {
    const file = `${DATA_DIR}/${name}${ext}`;
    const outside = fenceProblem(fence, path.join(root, file));
    if (outside !== undefined) return { name, file, hash: `outside:${outside}`, error: outside };
    let bytes: Buffer;
    try {
      bytes = readFileSync(path.join(root, file));
    } catch {
      continue;
    }
    const hash = createHash('sha256').update(file).update('\0').update(bytes).digest('hex');
    let source = parsed.get(hash);
    if (!source) {
      try {
        const text = bytes.toString('utf8');
        source = { name, file, hash, value: ext === '.json' ? JSON.parse(text) : parseYaml(text) };
      } catch (error) {
        source = { name, file, hash, error: (error as Error).message.split('\n')[0] };
      }
      parsed.set(hash, source);
    }
    return source;
  }
  return undefined;
}

/** The hash of `content/data/<name>.*` now, `undefined` when it does not exist (cache checks). */
export function dataSourceHash(options: { fence: SiteFence; name: string }): string | undefined {
  return loadDataSource(options)?.hash;
}

/** Names of every data file under `root` (for "did you mean"). */
export function listDataSources(root: string): string[] {
  try {
    return readdirSync(path.join(root, DATA_DIR))
      .filter((f) => extensions.includes(path.extname(f)))
      .map((f) => path.basename(f, path.extname(f)));
  } catch {
    return [];
  }
}

/** The outcome of following a key path into a value. */
export type Lookup =
  | { found: true; value: unknown }
  | { found: false; /** The path up to the segment that failed. */ at: string; missing: string; candidates: string[] };

/**
 * Follows `segments` into `value`: object keys, or list items by `id` (longest dotted id first)
 * or, failing that, by their place from 0.
 * `prefix` names the value for messages (`game`).
 */
export function lookupPath(value: unknown, segments: string[], prefix: string): Lookup {
  let current = value;
  let at = prefix;
  let i = 0;
  while (i < segments.length) {
    if (Array.isArray(current)) {
      const items: unknown[] = current;
      const ids = items.map((item) => (isRecord(item) && item.id !== undefined ? String(item.id) : undefined));
      let matched = -1;
      for (let end = segments.length; end > i && matched < 0; end--) {
        const id = segments.slice(i, end).join('.');
        const index = ids.indexOf(id);
        if (index >= 0) {
          current = items[index];
          at = `${at}.${id}`;
          i = end;
          matched = index;
        }
      }
      // An item without a matching id may be picked by its place, counting from 0 (`headcount.1`).
      if (matched < 0 && /^\d+$/.test(segments[i]) && Number(segments[i]) < items.length) {
        current = items[Number(segments[i])];
        at = `${at}.${segments[i]}`;
        i++;
        continue;
      }
      if (matched < 0) return { found: false, at, missing: segments.slice(i).join('.'), candidates: ids.filter((id): id is string => !!id) };
      continue;
    }
    if (isRecord(current) && Object.hasOwn(current, segments[i])) {
      current = current[segments[i]];
      at = `${at}.${segments[i]}`;
      i++;
      continue;
    }
    return { found: false, at, missing: segments[i], candidates: isRecord(current) ? Object.keys(current) : [] };
  }
  return { found: true, value: current };
}

/** A plain object (not a list, not null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A scalar or a list of scalars as text: lists join with `, `; `null` is empty. */
export function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(textOf).join(', ');
  if (isRecord(value)) return JSON.stringify(value);
  return String(value);
}
