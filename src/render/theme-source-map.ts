import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** Where in the theme's own files an error began: a file relative to the site root, 1-based. */
export interface ThemeSource { file: string; line: number; column: number }

/** The source of each error thrown through `withThemeSources`. Errors only: nothing is kept. */
const sources = new WeakMap<object, ThemeSource>();

/** The theme file and position where `error` was thrown, when it came from the theme's code. */
export function themeSourceOf(error: unknown): ThemeSource | undefined {
  return typeof error === 'object' && error !== null ? sources.get(error) : undefined;
}

/**
 * Wraps `fn`, a function of the theme's server bundle `bundle` (whose source map is
 * `<bundle>.map`): an error it throws has the bundle's stack frames rewritten to the theme's
 * files (`at Card (theme/docs/card.tsx:12:9)`, relative to `siteRoot`), and the first frame
 * outside `node_modules` becomes its `themeSourceOf`. The map is read only when something throws,
 * so a build that succeeds pays nothing. Node's own `--enable-source-maps` is not used: it is
 * process-wide, and makes every Error created (React and unified make many) slower to build.
 */
export function withThemeSources<A extends unknown[], R>(fn: (...args: A) => R, options: { bundle: string; siteRoot: string }): (...args: A) => R {
  let map: SourceMap | null | undefined;
  return (...args) => {
    try {
      return fn(...args);
    } catch (error) {
      if (error instanceof Error && !sources.has(error)) {
        map ??= readMap(`${options.bundle}.map`);
        if (map) mapError(error, { map, url: pathToFileURL(options.bundle).href, siteRoot: options.siteRoot });
      }
      throw error;
    }
  };
}

/**
 * Maps an error thrown outside a wrapped call (while the bundle `bundle` was imported: a page
 * module's top-level code) as `withThemeSources` maps the errors it sees; returns its source.
 */
export function mapThemeError(error: unknown, options: { bundle: string; siteRoot: string }): ThemeSource | undefined {
  if (error instanceof Error && !sources.has(error)) {
    const map = readMap(`${options.bundle}.map`);
    if (map) mapError(error, { map, url: pathToFileURL(options.bundle).href, siteRoot: options.siteRoot });
  }
  return themeSourceOf(error);
}

function readMap(file: string): SourceMap | null {
  try {
    return new SourceMap(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    // No map (a bundle cached before maps were written): frames stay as they are.
    return null;
  }
}

/**
 * `    at name (place:line:column)` or `    at place:line:column`, where the place is a `file:`
 * URL (plain Node) or a path (under a loader such as tsx, or once Node mapped the frame itself).
 */
const frameRE = /^(\s*at (?:.*? \()?)((?:file:\/\/|\/|[A-Za-z]:[\\/])[^\s()]*?):(\d+):(\d+)(\)?)$/;

function mapError(error: Error, options: { map: SourceMap; url: string; siteRoot: string }): void {
  const { map, url, siteRoot } = options;
  if (!error.stack) return;
  const bundle = fileURLToPath(url);
  // Files of the map, absolute: a frame Node has already mapped (`--enable-source-maps`) names one.
  const mapped = new Set(map.payload.sources.map((s) => (s.startsWith('file:') ? fileURLToPath(s) : path.resolve(path.dirname(bundle), s))));
  let first: ThemeSource | undefined;
  const lines = error.stack.split('\n').map((line) => {
    const frame = frameRE.exec(line);
    if (!frame) return line;
    const place = frame[2].startsWith('file:') ? fileURLToPath(frame[2]) : frame[2];
    const source = place === bundle ? original(map, Number(frame[3]), Number(frame[4]), siteRoot)
      : mapped.has(place) ? { file: displayPath(place, siteRoot), line: Number(frame[3]), column: Number(frame[4]) }
        : undefined;
    if (!source) return line;
    if (!first && !source.file.includes('node_modules/')) first = source;
    return `${frame[1]}${source.file}:${source.line}:${source.column}${frame[5]}`;
  });
  error.stack = lines.join('\n');
  if (first) sources.set(error, first);
}

/** A source of the map (an absolute path or file URL) relative to the site root, with `/`. */
function displayPath(source: string, siteRoot: string): string {
  const abs = source.startsWith('file:') ? new URL(source).pathname : source;
  const rel = path.relative(siteRoot, abs);
  return (rel.startsWith('..') || path.isAbsolute(rel) ? abs : rel).split(path.sep).join('/');
}

/** The theme file and position of a place in the bundle (1-based in and out), when the map knows it. */
function original(map: SourceMap, line: number, column: number, siteRoot: string): ThemeSource | undefined {
  // findEntry takes and gives 0-based positions.
  const entry = map.findEntry(line - 1, column - 1) as { originalSource?: string; originalLine?: number; originalColumn?: number };
  if (entry.originalSource === undefined || entry.originalLine === undefined) return undefined;
  return { file: displayPath(entry.originalSource, siteRoot), line: entry.originalLine + 1, column: (entry.originalColumn ?? 0) + 1 };
}
