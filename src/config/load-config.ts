import { existsSync, readFileSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Message } from 'esbuild';
import type { z } from 'zod';
import { SitegenError } from '../diagnostics/sitegen-error.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { bundleForNode } from '../util/bundle-for-node.ts';
import { didYouMean } from '../util/did-you-mean.ts';
import { siteConfigSchema, type SiteConfig } from './schema.ts';

/** File name of the config, looked up in the site root. */
export const CONFIG_FILE = 'site.config.ts';

/**
 * Imports `site.config.ts` from `root` and validates it. Throws a SitegenError whose diagnostics
 * name each bad key path (`navbar.items[1].to`) and the problem.
 */
export async function loadConfig(root: string): Promise<SiteConfig> {
  const file = path.resolve(root, CONFIG_FILE);
  if (!existsSync(file)) {
    throw new SitegenError(`Cannot find \`${CONFIG_FILE}\` in \`${root}\``, {
      diagnostics: [{
        file: CONFIG_FILE, severity: 'error', ruleId: 'config/missing',
        message: `Cannot find \`${CONFIG_FILE}\` in \`${root}\``,
        hint: 'Create it with `export default defineConfig({ title, url })`, or pass `--root` pointing at the site folder.',
      }],
    });
  }
  let mod: { default?: unknown };
  try {
    mod = await importModule(file);
  } catch (cause) {
    const located = (cause as { errors?: Message[] }).errors?.[0];
    const reason = located ? located.text : (cause as Error).message;
    const message = `Cannot load \`${CONFIG_FILE}\`: ${reason}`;
    throw new SitegenError(message, {
      cause,
      diagnostics: [{
        file: CONFIG_FILE, line: located?.location?.line, column: located?.location ? located.location.column + 1 : undefined,
        severity: 'error', ruleId: 'config/load', message, hint: 'Fix the error above; the file must be valid TypeScript.',
      }],
    });
  }
  return resolveConfig(mod.default, { configText: readFileSync(file, 'utf8') });
}

/**
 * Validates a raw config object and applies defaults. Pure: used by tests directly. With the
 * file's text, each problem is placed at the line of its key (`site.config.ts:7:3`).
 */
export function resolveConfig(raw: unknown, options: { configText?: string } = {}): SiteConfig {
  if (raw === undefined) {
    throw configError([{ path: '', message: 'expected a default export, e.g. `export default defineConfig({ … })`' }], options.configText);
  }
  const result = siteConfigSchema.safeParse(raw);
  if (result.success) return result.data;
  throw configError(result.error.issues.flatMap((issue) => describeIssue(issue, raw)), options.configText);
}

interface Problem { path: string; message: string; missing?: boolean }

function describeIssue(issue: z.core.$ZodIssue, raw: unknown): Problem[] {
  const base = formatPath(issue.path);
  if (issue.code === 'unrecognized_keys') {
    const known = knownKeysAt(issue.path);
    return issue.keys.map((key) => {
      const guess = didYouMean(key, known);
      if (guess === key) return { path: joinPath(base, key), message: 'not allowed with this `provider`' };
      return {
        path: joinPath(base, key),
        message: `unknown key${guess ? `; did you mean \`${guess}\`?` : ''}`,
      };
    });
  }
  if (issue.code === 'invalid_type') {
    const actual = valueAt(raw, issue.path);
    const got = actual === undefined ? 'nothing' : JSON.stringify(actual) ?? typeof actual;
    // A missing key has no line of its own; looking for its name would find a namesake elsewhere.
    return [{ path: base, message: `expected ${issue.expected}, got ${actual === undefined ? got : `\`${got}\``}`, missing: actual === undefined }];
  }
  return [{ path: base, message: issue.message.replace(/^Invalid input: /, '') }];
}

function configError(problems: Problem[], configText?: string): SitegenError {
  const diagnostics: Diagnostic[] = problems.map((p) => ({
    file: CONFIG_FILE, ...(configText && p.path && !p.missing ? locateConfigKey(configText, p.path) : {}), severity: 'error', ruleId: 'config/invalid',
    message: p.path ? `${p.path}: ${p.message}` : p.message,
  }));
  const lines = problems.map((p) => `${CONFIG_FILE} › ${p.path ? `${p.path}: ` : ''}${p.message}`);
  return new SitegenError(`Invalid site config:\n${lines.join('\n')}`, { diagnostics });
}

/**
 * Line and column of a key path's last key in the config source, found by looking for each
 * named key (`navbar:`, then `items:` after it…) in order. Array indexes are not followed, so
 * `items[1].to` points at the first `to:` after `items:`; a key that is missing (a required
 * value) has no position.
 */
/** Line and column of a key path (`docs.showLastUpdateTime`) in site.config.ts's text, when it is written there. */
export function locateConfigKey(text: string, keyPath: string): { line?: number; column?: number } {
  let from = 0;
  let at = -1;
  for (const key of keyPath.split(/[.[\]]+/).filter((k) => k && !/^\d+$/.test(k))) {
    const match = new RegExp(`(?<![\\w$])['"]?${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}['"]?\\s*:`).exec(text.slice(from));
    if (!match) return {};
    at = from + match.index;
    from = at + match[0].length;
  }
  if (at < 0) return {};
  const before = text.slice(0, at);
  return { line: before.split('\n').length, column: at - before.lastIndexOf('\n') };
}

/** `navbar.items[1].to` */
function formatPath(parts: readonly PropertyKey[]): string {
  return parts.reduce<string>((acc, part) =>
    typeof part === 'number' ? `${acc}[${part}]` : joinPath(acc, String(part)), '');
}

function joinPath(base: string, key: string): string {
  return base ? `${base}.${key}` : key;
}

function valueAt(raw: unknown, parts: readonly PropertyKey[]): unknown {
  let value = raw;
  for (const part of parts) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[part];
  }
  return value;
}

/** Keys the schema allows at a path, for did-you-mean suggestions. */
function knownKeysAt(parts: readonly PropertyKey[]): string[] {
  let schema: unknown = siteConfigSchema;
  for (const part of parts) {
    schema = unwrap(schema);
    const def = (schema as { def?: Record<string, unknown> }).def;
    if (!def) return [];
    if (typeof part === 'number') schema = def.element;
    else schema = (def.shape as Record<string, unknown> | undefined)?.[String(part)];
  }
  const def = (unwrap(schema) as { def?: { shape?: Record<string, unknown>; options?: unknown[] } }).def;
  if (def?.shape) return Object.keys(def.shape);
  // A discriminated union (search): offer the keys of every option.
  return (def?.options ?? []).flatMap((o) => Object.keys((unwrap(o) as { def: { shape: object } }).def.shape ?? {}));
}

function unwrap(schema: unknown): unknown {
  let s = schema as { def?: { type: string; innerType?: unknown; in?: unknown } } | undefined;
  while (s?.def && ['default', 'prefault', 'optional', 'pipe', 'nullable'].includes(s.def.type)) {
    s = (s.def.innerType ?? s.def.in) as typeof s;
  }
  return s;
}

/**
 * Imports a TypeScript module without a loader hook: esbuild bundles it (its relative imports
 * included, packages left to Node) into a temporary `.mjs` beside it, so that packages resolve
 * from the site's folder, and the file is removed once imported. Works whatever `type` the
 * nearest package.json declares, and each load is a fresh module (dev reloads the config).
 */
export async function importModule(file: string): Promise<{ default?: unknown }> {
  const code = await bundleForNode({ entry: file, absWorkingDir: path.dirname(file) });
  const tmp = `${file}.timestamp-${Date.now()}-${process.pid}-${Math.random().toString(36).slice(2, 8)}.mjs`;
  await writeFile(tmp, code);
  try {
    return (await import(pathToFileURL(tmp).href)) as { default?: unknown };
  } finally {
    await rm(tmp, { force: true });
  }
}
