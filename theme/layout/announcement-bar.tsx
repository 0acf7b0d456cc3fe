import { useEffect, useState } from 'react';
import type { SiteData } from '../../src/model.ts';
import { keys, storage } from '../runtime/storage.ts';
import { CloseIcon } from './icons.tsx';

/**
 * The closeable bar above the navbar. A dismissal is stored under the bar's id, so a new id
 * shows the bar again. The inline head script sets `data-announcement-dismissed` on <html>
 * before first paint, so a dismissed bar never flashes; CSS hides it from that attribute.
 */
export function AnnouncementBar({ bar }: { bar: NonNullable<SiteData['announcementBar']> }) {
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    if (storage.get(keys.announcement) === bar.id) setDismissed(true);
  }, [bar.id]);
  if (dismissed) return null;
  const close = () => {
    storage.set(keys.announcement, bar.id);
    document.documentElement.setAttribute('data-announcement-dismissed', 'true');
    setDismissed(true);
    // The button goes away with the bar: focus moves on to what follows it, the navbar's first control.
    const next = [...document.querySelectorAll<HTMLElement>('.navbar a[href], .navbar button, .navbar select')]
      .find((el) => el.getClientRects().length > 0);
    next?.focus();
  };
  return (
    <div className="announcement-bar" role="region" aria-label="Announcement">
      <div className="announcement-content" dangerouslySetInnerHTML={{ __html: bar.content }} />
      {bar.closeable && (
        <button type="button" className="announcement-close icon-button" aria-label="Close announcement" onClick={close}>
          <CloseIcon />
        </button>
      )}
    </div>
  );
}
