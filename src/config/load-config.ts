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
import { createSourceTree, type KeyPath } from '../util/source-position.ts';
import { siteConfigSchema, type SiteConfig } from './schema.ts';
import { DOCUSAURUS_CONFIG_FILES, fromDocusaurusConfig } from './docusaurus-config.ts';
import { docusaurusSiteFacts } from './docusaurus-site-facts.ts';

/** File name of the config, looked up in the site root. */
export const CONFIG_FILE = 'site.config.ts';

/** A site's config as loaded: the config, the file it came from, its text and what reading it noted. */
export interface LoadedConfig {
  config: SiteConfig;
  /** The config file, relative to the site root: `site.config.ts`, or a Docusaurus config. */
  file: string;
  /** Its text, to place diagnostics at its lines. */
  text: string;
  /** What a Docusaurus config asks for that sitegen does not do (config/docusaurus), once each. */
  warnings: Diagnostic[];
}

/**
 * The config file of the site at `root`: `site.config.ts`, else a Docusaurus config
 * (`docusaurus.config.ts`, `.mts`, `.js`, `.mjs` or `.cjs`), read as sitegen's (docusaurus-config.ts).
 */
export function findConfigFile(root: string): { file: string; kind: 'sitegen' | 'docusaurus' } | undefined {
  if (existsSync(path.resolve(root, CONFIG_FILE))) return { file: CONFIG_FILE, kind: 'sitegen' };
  const docusaurus = DOCUSAURUS_CONFIG_FILES.find((name) => existsSync(path.resolve(root, name)));
  return docusaurus ? { file: docusaurus, kind: 'docusaurus' } : undefined;
}

/** The config of the site at `root`, validated (see `loadSiteConfig`). */
export async function loadConfig(root: string): Promise<SiteConfig> {
  return (await loadSiteConfig(root)).config;
}

/**
 * Imports the site's config (`site.config.ts`, or a Docusaurus config when there is none) and
 * validates it. Throws a SitegenError whose diagnostics name each bad key path
 * (`navbar.items[1].to`) and the problem.
 */
export async function loadSiteConfig(root: string): Promise<LoadedConfig> {
  const found = findConfigFile(root);
  if (!found) {
    throw new SitegenError(`Cannot find \`${CONFIG_FILE}\` in \`${root}\``, {
      diagnostics: [{
        file: CONFIG_FILE, severity: 'error', ruleId: 'config/missing',
        message: `Cannot find \`${CONFIG_FILE}\` in \`${root}\``,
        hint: 'Create it with `export default defineConfig({ title, url })`, or pass `--root` pointing at the site folder (a Docusaurus site\'s `docusaurus.config.js` is read too).',
      }],
    });
  }
  const file = path.resolve(root, found.file);
  let mod: { default?: unknown };
  try {
    mod = await importModule(file);
  } catch (cause) {
    const located = (cause as { errors?: Message[] }).errors?.[0];
    const reason = located ? located.text : (cause as Error).message;
    const message = `Cannot load \`${found.file}\`: ${reason}`;
    throw new SitegenError(message, {
      cause,
      diagnostics: [{
        file: found.file, line: located?.location?.line, column: located?.location ? located.location.column + 1 : undefined,
        severity: 'error', ruleId: 'config/load', message, hint: found.kind === 'sitegen' ? 'Fix the error above; the file must be valid TypeScript.' : 'Fix the error above; Docusaurus would fail on it too.',
      }],
    });
  }
  const text = readFileSync(file, 'utf8');
  if (found.kind === 'sitegen') return { config: resolveConfig(mod.default, { configText: text }), file: found.file, text, warnings: [] };
  // A Docusaurus config may export a function (async or not) that makes the config.
  let raw = mod.default;
  try {
    if (typeof raw === 'function') raw = await (raw as () => unknown)();
    raw = await raw;
  } catch (cause) {
    const message = `Cannot load \`${found.file}\`: its config function threw: ${(cause as Error).message}`;
    throw new SitegenError(message, { cause, diagnostics: [{ file: found.file, severity: 'error', ruleId: 'config/load', message, hint: 'Fix the error above; Docusaurus would fail on it too.' }] });
  }
  const mapped = fromDocusaurusConfig(raw, path.resolve(root), await docusaurusSiteFacts(path.resolve(root)));
  const tree = createSourceTree(found.file, text);
  const warnings: Diagnostic[] = mapped.notes.map((n) => ({
    file: found.file, ...(tree.locatePath(n.parts) ?? {}), severity: 'warning', ruleId: 'config/docusaurus',
    message: n.parts.length ? `${formatPath(n.parts)}: ${n.message}` : n.message,
  }));
  // The mapped config's key paths are sitegen's, not the file's: problems name the file, no line.
  return { config: resolveConfig(mapped.config, { file: found.file }), file: found.file, text, warnings };
}

/**
 * Validates a raw config object and applies defaults. Pure: used by tests directly. With the
 * file's text, each problem is placed at its key (`site.config.ts:7:3`), found by following the
 * key path in the file's syntax tree: `navbar.items[1].to` is the `to` of the second item.
 */
export function resolveConfig(raw: unknown, options: { configText?: string; file?: string } = {}): SiteConfig {
  const file = options.file ?? CONFIG_FILE;
  if (raw === undefined) {
    throw configError([{ path: '', parts: [], message: 'expected a default export, e.g. `export default defineConfig({ … })`' }], file, options.configText);
  }
  const result = siteConfigSchema.safeParse(raw);
  if (result.success) return result.data;
  throw configError(result.error.issues.flatMap((issue) => describeIssue(issue, raw)), file, options.configText);
}

/** One problem: its key path as shown (`navbar.items[1].to`) and as parts, and what is wrong. */
interface Problem { path: string; parts: KeyPath; message: string; missing?: boolean }

function describeIssue(issue: z.core.$ZodIssue, raw: unknown): Problem[] {
  // A union (a navbar item: a link, `html` or a `dropdown`): the problems of the one option the
  // value means, by its `type` (a link has none), each with its full path.
  if (issue.code === 'invalid_union' && issue.errors.length) {
    // The option whose `type` matched (a link's: none) has no problem at `type`.
    const meant = issue.errors.find((option) => !option.some((o) => o.path[0] === 'type')) ?? issue.errors[0];
    return meant.flatMap((inner) => describeIssue({ ...inner, path: [...issue.path, ...inner.path] } as z.core.$ZodIssue, raw));
  }
  const base = formatPath(issue.path);
  const parts = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
  if (issue.code === 'unrecognized_keys') {
    const known = knownKeysAt(issue.path);
    return issue.keys.map((key) => {
      const guess = didYouMean(key, known);
      if (guess === key) return { path: joinPath(base, key), parts: [...parts, key], message: 'not allowed with this `provider`' };
      return {
        path: joinPath(base, key), parts: [...parts, key],
        message: `unknown key${guess ? `; did you mean \`${guess}\`?` : ''}`,
      };
    });
  }
  if (issue.code === 'invalid_type') {
    const actual = valueAt(raw, issue.path);
    const got = actual === undefined ? 'nothing' : JSON.stringify(actual) ?? typeof actual;
    // A missing key has no line of its own; looking for its name would find a namesake elsewhere.
    return [{ path: base, parts, message: `expected ${issue.expected}, got ${actual === undefined ? got : `\`${got}\``}`, missing: actual === undefined }];
  }
  return [{ path: base, parts, message: issue.message.replace(/^Invalid input: /, '') }];
}

function configError(problems: Problem[], file: string, configText?: string): SitegenError {
  // Each problem is placed at its key in the file's syntax tree (parsed only now, on failure).
  const tree = configText === undefined ? undefined : createSourceTree(file, configText);
  const diagnostics: Diagnostic[] = problems.map((p) => ({
    file, ...(tree && p.parts.length && !p.missing ? tree.locatePath(p.parts) : {}), severity: 'error', ruleId: 'config/invalid',
    message: p.path ? `${p.path}: ${p.message}` : p.message,
  }));
  const lines = problems.map((p) => `${file} › ${p.path ? `${p.path}: ` : ''}${p.message}`);
  return new SitegenError(`Invalid site config:\n${lines.join('\n')}`, { diagnostics });
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
  const code = await bundleForNode({ entry: file, absWorkingDir: path.dirname(file), commonJsGlobals: true });
  const tmp = `${file}.timestamp-${Date.now()}-${process.pid}-${Math.random().toString(36).slice(2, 8)}.mjs`;
  await writeFile(tmp, code);
  try {
    return (await import(pathToFileURL(tmp).href)) as { default?: unknown };
  } finally {
    await rm(tmp, { force: true });
  }
}
