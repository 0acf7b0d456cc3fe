import type { Author } from '../../src/model.ts';
import { useUrl } from '../runtime/base-url.tsx';

const dateFormat = new Intl.DateTimeFormat('en', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** `2021-03-08` → `March 8, 2021` (fixed UTC so server and client agree). */
export function formatDate(date: string): string {
  return dateFormat.format(new Date(`${date}T00:00:00Z`));
}

/** Date and reading time line. */
export function PostMeta({ date, readingTime }: { date: string; readingTime: number }) {
  return (
    <p className="post-meta">
      <time dateTime={date}>{formatDate(date)}</time>
      <span aria-hidden="true"> · </span>
      <span>{readingTime} min read</span>
    </p>
  );
}

/** Authors with avatars, names and titles. */
export function Authors({ authors }: { authors: Author[] }) {
  const url = useUrl();
  if (authors.length === 0) return null;
  return (
    <ul className="post-authors" aria-label="Authors">
      {authors.map((a) => (
        <li key={a.key ?? a.name} className="post-author">
          {a.imageUrl && <img className="avatar" src={url(a.imageUrl)} alt="" width="40" height="40" loading="lazy" />}
          <span className="author-text">
            {a.url ? <a className="author-name" href={url(a.url)} rel="noopener noreferrer">{a.name}</a> : <span className="author-name">{a.name}</span>}
            {a.title && <span className="author-title">{a.title}</span>}
          </span>
        </li>
      ))}
    </ul>
  );
}
