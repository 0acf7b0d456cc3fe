/**
 * Pre-rendered Markdown HTML. The inline page data omits this HTML (it would double the page);
 * before hydrating, the client reads it back from the element marked `data-raw`.
 */
export function RawHtml({ html, rawKey, className }: { html: string | null; rawKey: string; className?: string }) {
  return <div className={className} data-raw={rawKey} dangerouslySetInnerHTML={{ __html: html ?? '' }} />;
}
