import type { SiteData } from '../../src/model.ts';
import { CloseIcon } from './icons.tsx';

/**
 * The bar above the navbar. A closeable bar is a `<details>` whose summary is the close button,
 * so it closes in the frame after the press with or without script (layout.css hides the closed
 * bar). The inline head script stores the dismissal under the bar's id and moves focus on to the
 * navbar (src/render/head-script.browser.ts), and hides a dismissed bar before the first paint,
 * so it never flashes; a new id shows the bar again.
 */
export function AnnouncementBar({ bar }: { bar: NonNullable<SiteData['announcementBar']> }) {
  const content = <div className="announcement-content" dangerouslySetInnerHTML={{ __html: bar.content }} />;
  return (
    <div className="announcement-bar" role="region" aria-label="Announcement">
      {bar.closeable
        ? (
          <details className="announcement-toggle" open>
            <summary className="announcement-close icon-button" aria-label="Close announcement"><CloseIcon /></summary>
            {content}
          </details>
        )
        : content}
    </div>
  );
}
