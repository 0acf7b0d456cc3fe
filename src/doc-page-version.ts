/**
 * The docs version a doc or category page belongs to (src/content/doc-versions.ts), as its page
 * shows it: "Version: <label>" when `badge`, a banner for an unreleased or unmaintained version
 * with a link to the latest version's page, and where the navbar's version menu leads from here.
 */
export interface DocPageVersion {
  name: string;
  /** Its docs instance's id (`docsInstances`), for docs other than `docs`'. */
  instance?: string;
  label: string;
  badge: boolean;
  banner?: 'unreleased' | 'unmaintained';
  /** The last version's label, and this doc there (that version's first page when it has no such doc). */
  latest?: { label: string; href: string };
  /** This doc in each other version that has it (by version name), for the version menu. */
  alternates?: Record<string, string>;
}
