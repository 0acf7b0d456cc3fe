import type { SiteData } from '../../src/model.ts';
import { ExternalIcon } from './icons.tsx';
import { useUrl } from '../runtime/base-url.tsx';

/** Site footer: link groups and the copyright line. */
export function Footer({ footer }: { footer: SiteData['footer'] }) {
  const url = useUrl();
  return (
    <footer className="footer">
      <div className="footer-inner">
        <div className="footer-groups">
          {footer.links.map((group) => (
            <nav className="footer-group" key={group.title} aria-label={group.title}>
              <h2 className="footer-title">{group.title}</h2>
              <ul>
                {group.items.map((item, i) => ('html' in item ? <li key={`html-${i}`} className="footer-html" dangerouslySetInnerHTML={{ __html: item.html }} /> : (
                  <li key={item.label}>
                    <a href={url(item.href)} {...(item.external ? { rel: 'noopener noreferrer' } : {})}>
                      {item.label}
                      {item.external && <ExternalIcon />}
                    </a>
                  </li>
                )))}
              </ul>
            </nav>
          ))}
        </div>
        {footer.copyright && <p className="footer-copyright">{footer.copyright}</p>}
      </div>
      {/* Marks the footer complete: see `.footer` in theme/css/layout.css. */}
      <span className="footer-complete" hidden />
    </footer>
  );
}
