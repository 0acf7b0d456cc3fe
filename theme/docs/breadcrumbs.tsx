import type { NavLink } from '../../src/model.ts';
import { useUrl } from '../runtime/base-url.tsx';

/** Breadcrumbs as a labelled nav landmark; the last crumb is the current page. */
export function Breadcrumbs({ items }: { items: NavLink[] }) {
  const url = useUrl();
  if (items.length === 0) return null;
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumbs">
      <ol>
        {items.map((item, i) => {
          const last = i === items.length - 1;
          return (
            <li key={`${item.label}-${i}`}>
              {item.href && !last
                ? <a href={url(item.href)}>{item.label}</a>
                : <span aria-current={last ? 'page' : undefined}>{item.label}</span>}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
