interface NetworkInformation { effectiveType?: string; saveData?: boolean }

/**
 * Whether the reader's connection allows fetching what they have not asked for yet: not on a 2g
 * connection, nor with the data saver on (seed spec §2, issue 41 › 3). Then nothing is fetched
 * ahead: no page on hover or when a link shows, no other page's module, no modal's code before
 * it opens, and not the parts of the page hydrated later (sidebar, TOC, footer…), which work as
 * the server drew them, nor client navigation, which links do without (a page loads in full).
 */
export function canPrefetch(): boolean {
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  if (!connection) return true;
  return !connection.saveData && !/(^|-)2g$/.test(connection.effectiveType ?? '');
}
