/**
 * `@docusaurus/plugin-content-docs/client`: the docs plugin's hooks that site components use to
 * know the versions (a version dropdown of their own, "you are reading an old version" notes).
 * They read the docs' versions from the page's site context (`MdxSite.docs`). Docusaurus's
 * per-version lists of docs are not provided: a version's `docs` is absent.
 */
import { useMdxSite, type MdxDocsVersion } from './context.tsx';

/** A version as Docusaurus's hooks give it. */
export type GlobalVersion = MdxDocsVersion;

function versionsOf(pluginId: string | undefined): MdxDocsVersion[] {
  const { docs } = useMdxSite();
  const instance = docs.find((d) => d.pluginId === (pluginId ?? 'default')) ?? docs[0];
  return instance?.versions ?? [];
}

/** The version the page belongs to: the one whose path is the longest prefix of the route. */
function activeOf(versions: MdxDocsVersion[], pathname: string): MdxDocsVersion | undefined {
  const matching = versions.filter((v) => pathname === v.path || pathname.startsWith(v.path.endsWith('/') ? v.path : `${v.path}/`));
  return matching.sort((a, b) => b.path.length - a.path.length)[0];
}

function useRoutePath(): string {
  const { route, siteConfig } = useMdxSite();
  return `${siteConfig.baseUrl.replace(/\/$/, '')}${route}`;
}

/** Every version, newest first. */
export function useVersions(pluginId?: string): MdxDocsVersion[] {
  return versionsOf(pluginId);
}

/** The last released version (the current one when there are no others). */
export function useLatestVersion(pluginId?: string): MdxDocsVersion | undefined {
  const versions = versionsOf(pluginId);
  return versions.find((v) => v.isLast) ?? versions[0];
}

/** The version of the page being read; `undefined` outside the docs. */
export function useActiveVersion(pluginId?: string): MdxDocsVersion | undefined {
  return activeOf(versionsOf(pluginId), useRoutePath());
}

/** The version of the page being read, and the version the reader would see at the docs' root. */
export function useActiveDocContext(pluginId?: string): { activeVersion?: MdxDocsVersion; activeDoc?: undefined; alternateDocVersions: Record<string, never> } {
  return { activeVersion: useActiveVersion(pluginId), activeDoc: undefined, alternateDocVersions: {} };
}

/** Every docs instance with its versions, by plugin id. */
export function useAllDocsData(): Record<string, { path: string; versions: MdxDocsVersion[] }> {
  const { docs } = useMdxSite();
  return Object.fromEntries(docs.map((d) => [d.pluginId, { path: d.path, versions: d.versions }]));
}

/** One instance's data (`useAllDocsData()[pluginId]`). */
export function useDocsData(pluginId?: string): { path: string; versions: MdxDocsVersion[] } | undefined {
  const all = useAllDocsData();
  return all[pluginId ?? 'default'];
}

/** Whether the reader is on an older version: the latest version to suggest instead. */
export function useDocVersionSuggestions(pluginId?: string): { latestVersionSuggestion?: MdxDocsVersion; latestDocSuggestion?: undefined } {
  const latest = useLatestVersion(pluginId);
  const active = useActiveVersion(pluginId);
  return { latestVersionSuggestion: active && latest && active.name !== latest.name ? latest : undefined };
}
