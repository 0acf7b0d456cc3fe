/**
 * Looking a key up in the data files (`game.timeout` → `content/data/game.yml` › `timeout`), with
 * the problems a directive reports when a file, a key or a field does not exist.
 */
import { didYouMean } from '../util/did-you-mean.ts';
import { lookupPath, type DataSource, type DataSourceError } from './content-data.ts';

/** Looks a data file up by name (recording the answer for the cache); set per page on `file.data`. */
export type ResolveData = (name: string) => DataSource | DataSourceError | undefined;

/** A problem with a data directive, reported at the directive with its rule id and hint. */
export class DataProblem extends Error {
  constructor(message: string, readonly ruleId: string, readonly hint?: string) {
    super(message);
  }
}

/** Where data files come from: the page's resolver and, for "did you mean", every file name. */
export interface DataFiles {
  resolveData?: ResolveData;
  listData?: () => string[];
}

/** The value at `key` (`file.path.to.value`), or a `DataProblem` naming the closest key. */
export function lookupKey(key: string, files: DataFiles): unknown {
  const [name, ...segments] = key.split('.');
  const source = files.resolveData?.(name);
  if (!source) {
    const close = didYouMean(name, files.listData?.() ?? []);
    throw new DataProblem(
      `Cannot find the data file \`${name}\` for \`${key}\`${close ? `; did you mean \`${close}\`?` : ''}`,
      'markdown/data-source',
      'Data files are `content/data/<name>.yml` (or `.yaml`, `.json`); a key starts with the file name.',
    );
  }
  if ('error' in source) throw new DataProblem(`Cannot read \`${source.file}\`: ${source.error}`, 'markdown/data-source');
  const found = lookupPath(source.value, segments, name);
  if (found.found) return found.value;
  const close = didYouMean(found.missing, found.candidates);
  throw new DataProblem(
    `Cannot find \`${key}\` in \`${source.file}\`: \`${found.at}\` has no \`${found.missing}\`${close ? `; did you mean \`${found.at}.${close}\`?` : ''}`,
    'markdown/data-key',
    found.candidates.length ? `Keys of \`${found.at}\`: ${found.candidates.slice(0, 12).map((c) => `\`${c}\``).join(', ')}.` : undefined,
  );
}
