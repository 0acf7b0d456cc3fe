/**
 * The versions of a site's docs, as Docusaurus's docs plugin makes them: the docs folder is the
 * version `current`; the released versions are listed, newest first, in `versions.json` at the
 * site root, with their docs in `versioned_docs/version-<name>/` and their sidebars in
 * `versioned_sidebars/version-<name>-sidebars.json`.
 *
 * Routes: the last version (`lastVersion`, by default the newest released one, else `current`)
 * is at `routeBasePath`; `current` is at `<routeBasePath>/next` once there are released versions;
 * every other version at `<routeBasePath>/<name>`. A version's `path` option replaces its part.
 * Banners: versions newer than the last one are "unreleased", older ones "unmaintained". The
 * "Version: …" badge shows when there is more than one version, unless a version says otherwise.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { DocsVersionOptions } from '../config/docs-schema.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { joinRoute } from '../util/routes.ts';

/** One version of the docs, as the build uses it. */
export interface DocVersion {
  /** The docs instance it belongs to: `default` (`docs`), or an id of `docsInstances`. */
  instance: string;
  /**
   * Which docs these are, unique in the site: the version's name for the default instance, the
   * instance's id for another instance's docs folder, `<id>@<name>` for its released versions.
   * Docs and categories carry it (`version`) and its sidebars are named after it (`<key>/<name>`),
   * except the default instance's current version's.
   */
  key: string;
  /** The instance's `routeBasePath`: its versions' routes are under it. */
  base: string;
  /** `current` (the docs folder) or a released version's name (`30.4`). */
  name: string;
  label: string;
  /** Its route, `routeBasePath` included (`/docs`, `/docs/next`, `/docs/29.7`). */
  route: string;
  /** Its docs folder, relative to the site root. */
  docsDir: string;
  /** Its sidebars file, relative to the site root (the config's `sidebarPath` for `current`). */
  sidebarPath?: string;
  /** The name of the sidebar generated from its folder when it has no sidebars file. */
  sidebarId: string;
  /** Its instance's `include` and `exclude` globs, over each version's folder. */
  patterns?: { include?: string[]; exclude?: string[] };
  /** The version served at `routeBasePath`. */
  isLast: boolean;
  banner: 'none' | 'unreleased' | 'unmaintained';
  badge: boolean;
  noIndex: boolean;
  className?: string;
}

/** `current`: the docs folder. */
export const CURRENT_VERSION = 'current';

/** The id of the docs of `docs` (Docusaurus's docs plugin without an `id`). */
export const DEFAULT_INSTANCE = 'default';

/**
 * The files of a docs instance's released versions, as Docusaurus names them: `versions.json`,
 * `versioned_docs/` and `versioned_sidebars/` for the default instance, each prefixed with
 * `<id>_` for another (`community_versions.json`).
 */
export function versionFiles(instance: string): { list: string; docs: string; sidebars: string } {
  const prefix = instance === DEFAULT_INSTANCE ? '' : `${instance}_`;
  return { list: `${prefix}versions.json`, docs: `${prefix}versioned_docs`, sidebars: `${prefix}versioned_sidebars` };
}

/** The key of an instance's version (`DocVersion.key`). */
export function versionKey(instance: string, name: string): string {
  if (instance === DEFAULT_INSTANCE) return name;
  return name === CURRENT_VERSION ? instance : `${instance}@${name}`;
}

/** The released versions' names from `versions.json` (none when the file is absent), newest first. */
export function readVersionNames(root: string, file = 'versions.json'): { names: string[]; diagnostics: Diagnostic[] } {
  const abs = path.join(root, file);
  if (!existsSync(abs)) return { names: [], diagnostics: [] };
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(abs, 'utf8'));
  } catch (error) {
    return { names: [], diagnostics: [{ file, line: 1, column: 1, severity: 'error', ruleId: 'docs/versions', message: `Cannot read \`${file}\`: ${(error as Error).message}`, hint: 'It must be a JSON array of version names, newest first: `["2.0", "1.0"]`.' }] };
  }
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string' && v.trim() !== '')) {
    return { names: [], diagnostics: [{ file, line: 1, column: 1, severity: 'error', ruleId: 'docs/versions', message: `\`${file}\` is not a list of version names`, hint: 'It must be a JSON array of version names, newest first: `["2.0", "1.0"]`.' }] };
  }
  return { names: value, diagnostics: [] };
}

/**
 * The versions to build, newest first (`current` first), from the config and the released
 * versions' names. Problems (an unknown `lastVersion`, an `onlyIncludeVersions` name that is no
 * version) are errors at the config.
 */
export function planDocVersions(options: { docs: DocsVersionOptions; instance?: string; released: string[]; configFile: string }): { versions: DocVersion[]; diagnostics: Diagnostic[] } {
  const { docs, configFile } = options;
  const instance = options.instance ?? DEFAULT_INSTANCE;
  const files = versionFiles(instance);
  const where = instance === DEFAULT_INSTANCE ? '' : ` (docs instance \`${instance}\`)`;
  const released = docs.disableVersioning ? [] : options.released;
  const all = [...(docs.includeCurrentVersion ? [CURRENT_VERSION] : []), ...released];
  const diagnostics: Diagnostic[] = [];
  const problem = (message: string, hint: string) => diagnostics.push({ file: configFile, severity: 'error', ruleId: 'config/docs-versions', message: message + where, hint });
  if (!all.length) problem(`No docs version to build: \`includeCurrentVersion\` is false and ${files.list} lists none`, `Set \`includeCurrentVersion: true\`, or list a version in ${files.list}.`);
  const lastName = docs.lastVersion ?? released[0] ?? CURRENT_VERSION;
  if (!all.includes(lastName)) problem(`\`lastVersion\` is \`${lastName}\`, which is not a version of these docs`, `Versions: ${all.map((v) => `\`${v}\``).join(', ')}.`);
  for (const name of docs.onlyIncludeVersions ?? []) {
    if (!all.includes(name)) problem(`\`onlyIncludeVersions\` names \`${name}\`, which is not a version of these docs`, `Versions: ${all.map((v) => `\`${v}\``).join(', ')}.`);
  }
  for (const name of Object.keys(docs.versions)) {
    if (!all.includes(name)) problem(`\`versions\` has options for \`${name}\`, which is not a version of these docs`, `Versions: ${all.map((v) => `\`${v}\``).join(', ')}.`);
  }
  const built = docs.onlyIncludeVersions ? all.filter((v) => docs.onlyIncludeVersions!.includes(v)) : all;
  const lastIndex = all.indexOf(lastName);
  const versions = built.map((name): DocVersion => {
    const own = docs.versions[name] ?? {};
    const part = own.path ?? (name === lastName ? '' : name === CURRENT_VERSION ? 'next' : name);
    const current = name === CURRENT_VERSION;
    return {
      instance,
      key: versionKey(instance, name),
      base: joinRoute(docs.routeBasePath),
      name,
      label: own.label ?? (current ? 'Next' : name),
      route: joinRoute(docs.routeBasePath, part),
      docsDir: current ? docs.path : `${files.docs}/version-${name}`,
      sidebarPath: current ? docs.sidebarPath : `${files.sidebars}/version-${name}-sidebars.json`,
      sidebarId: docs.sidebarId,
      ...(docs.include || docs.exclude ? { patterns: { ...(docs.include ? { include: docs.include } : {}), ...(docs.exclude ? { exclude: docs.exclude } : {}) } } : {}),
      isLast: name === lastName,
      banner: own.banner ?? (name === lastName ? 'none' : all.indexOf(name) < lastIndex ? 'unreleased' : 'unmaintained'),
      badge: own.badge ?? built.length > 1,
      noIndex: own.noIndex ?? false,
      ...(own.className ? { className: own.className } : {}),
    };
  });
  return { versions, diagnostics };
}

