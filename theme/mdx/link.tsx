import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { useContext } from 'react';
import { useBaseUrlUtils } from './use-base-url.ts';
import { PageMetaContext } from './page-meta.tsx';

/** Props of {@link Link}: Docusaurus 3's, plus any attribute of `<a>`. */
export interface LinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  /** The target; `href` is the same (MDX links always give `href`). */
  to?: string;
  children?: ReactNode;
  /** Docusaurus's router options: accepted and left out of the markup (no router runs here). */
  isNavLink?: boolean;
  activeClassName?: string;
  isActive?: unknown;
  exact?: boolean;
  /** `false` leaves a root-relative target without the base. @default true */
  autoAddBaseUrl?: boolean;
  'data-noBrokenLinkCheck'?: boolean;
}

/** An escape from Docusaurus's client router: the base is added and the page loads in full. */
const pathnameProtocol = 'pathname://';

/** What our Markdown marks external (src/markdown/plugins/rehype-links.ts). */
const externalRE = /^(?:https?:)?\/\//i;

/**
 * `@docusaurus/Link`: an `<a>`. A root-relative target (`/rules`) gets the site's base, as
 * Markdown links do; an external one (`https://…`, `//…`) is marked `rel="noopener noreferrer"`
 * as our Markdown renders it (no `target`: the reader decides where it opens); `#anchors`,
 * relative paths and other schemes (`mailto:`) stay as written. Client navigation picks up
 * internal links from the document, so no router component is needed.
 */
export default function Link(props: LinkProps): ReactNode {
  const {
    to, href, isNavLink: _isNavLink, activeClassName: _activeClassName, isActive: _isActive, exact: _exact,
    autoAddBaseUrl = true, 'data-noBrokenLinkCheck': _noCheck, ...rest
  } = props;
  const { withBaseUrl } = useBaseUrlUtils();
  const report = useContext(PageMetaContext);
  // Docusaurus: `to || href`, whichever is set.
  const target = to || href;
  if (!target) return <a {...rest} />;
  const unprefixed = target.startsWith(pathnameProtocol) ? target.slice(pathnameProtocol.length) : target;
  const external = externalRE.test(unprefixed);
  const url = autoAddBaseUrl && unprefixed.startsWith('/') && !unprefixed.startsWith('//') ? withBaseUrl(unprefixed) : unprefixed;
  // A React page's server render: this link is checked as Docusaurus checks `<Link>`s, or never (`data-noBrokenLinkCheck`).
  report?.(_noCheck ? { unchecked: [url] } : { links: [url] });
  return <a href={url} {...(external ? { rel: 'noopener noreferrer' } : {})} {...rest} />;
}
