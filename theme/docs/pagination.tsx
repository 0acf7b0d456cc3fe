import type { NavLink } from '../../src/model.ts';
import { useUrl } from '../runtime/base-url.tsx';

/** Previous/next links at the end of a doc or post. */
export function Pagination({ prev, next, label, prevLabel = 'Previous', nextLabel = 'Next' }: {
  prev?: NavLink; next?: NavLink; label: string; prevLabel?: string; nextLabel?: string;
}) {
  const url = useUrl();
  if (!prev && !next) return null;
  return (
    <nav className="pagination-nav" aria-label={label}>
      {prev?.href ? (
        <a className="pagination-link pagination-prev" href={url(prev.href)} rel="prev">
          <span className="pagination-sublabel">{prevLabel}</span>
          <span className="pagination-label">« {prev.label}</span>
        </a>
      ) : <span />}
      {next?.href ? (
        <a className="pagination-link pagination-next" href={url(next.href)} rel="next">
          <span className="pagination-sublabel">{nextLabel}</span>
          <span className="pagination-label">{next.label} »</span>
        </a>
      ) : <span />}
    </nav>
  );
}
