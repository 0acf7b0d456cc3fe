/** `November 27, 2026`, in UTC so that the server's HTML and the hydrating client agree. */
const dateFormat = new Intl.DateTimeFormat('en', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/**
 * "Last updated on <date> by <author>" under a doc (`docs.showLastUpdateTime` and
 * `showLastUpdateAuthor`, as in Docusaurus); nothing when the page data has neither.
 */
export function LastUpdated({ at, by }: { at?: number; by?: string }) {
  if (at === undefined && by === undefined) return null;
  return (
    <p className="last-updated">
      Last updated
      {at !== undefined && <> on <time dateTime={new Date(at).toISOString()}>{dateFormat.format(at)}</time></>}
      {by !== undefined && <> by <span className="last-updated-author">{by}</span></>}
    </p>
  );
}
