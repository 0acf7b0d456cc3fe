import type { SiteData } from '../../src/model.ts';
import type { DocPageVersion } from '../../src/page-model.ts';
import type { InlineSvg } from '../../src/util/inline-svg.ts';
import { LOGO_HEIGHT } from '../../src/page-model.ts';
import { NavbarItems } from './navbar-items.tsx';
import { useUi } from '../runtime/ui-context.tsx';
import { ColorModeToggle } from './color-mode-toggle.tsx';
import { NamedIcon, SearchIcon } from './icons.tsx';
import { MobileMenu, VersionMenu } from './later-parts.tsx';
import { LazySearchModal } from '../search/lazy-search-modal.tsx';
import { useUrl } from '../runtime/base-url.tsx';

/**
 * Top navbar: logo and title, primary links, icon links, search button and colour toggle.
 * Below 996px the links move into the mobile menu (with the docs sidebar on docs pages). With
 * `navbar.hideOnScroll` it hides while the reader scrolls down (`NavbarHider`, back-to-top.tsx).
 */
export function Navbar({ site, highlight, withSidebar, version }: {
  site: SiteData;
  /** The docs version of the page shown (doc and category pages of a site with several). */
  version?: DocPageVersion;
  /** The route whose item is current; none is on the 404 page. */
  highlight: string | undefined;
  /** The page has a docs sidebar, which the mobile menu shows. */
  withSidebar: boolean;
}) {
  const url = useUrl();
  const { openSearch } = useUi();
  const { navbar } = site;

  return (
    <header className="navbar">
      <nav className="navbar-inner" aria-label="Main">
        <MobileMenu site={site} highlight={highlight} withSidebar={withSidebar} version={version} />
        <Brand navbar={navbar} />
        <ul className="navbar-items">
          <NavbarItems items={navbar.items} highlight={highlight} variant="navbar" locales={site.locales} />
          {site.navbar.versionMenu && <li><VersionMenu site={site} version={version} /></li>}
        </ul>
        <div className="navbar-end">
          <button type="button" className="search-button" onClick={() => openSearch()} onPointerEnter={LazySearchModal.preload} onFocus={LazySearchModal.preload} aria-label="Search" aria-keyshortcuts="Control+K Meta+K /">
            <SearchIcon />
            <span className="search-button-label">Search</span>
            {/* Ctrl, or ⌘ on Apple's keyboards (the head script marks <html> with `mac`, layout.css). */}
            <kbd className="search-button-keys"><span className="key-ctrl">Ctrl</span><span className="key-cmd">⌘</span><span>K</span></kbd>
          </button>
          {typeof SITEGEN_BROWSER !== 'undefined' ? <noscript /> : <NoScriptSearch href={url(`/${site.search.searchPagePath}`)} />}
          {navbar.iconLinks.map((link) => (
            <a key={link.href} className="icon-button navbar-icon-link" href={link.href} aria-label={link.label} title={link.label} rel="noopener noreferrer">
              <NamedIcon name={link.icon} />
            </a>
          ))}
          <ColorModeToggle config={site.colorMode} />
          {/* Marks the navbar parsed whole: the first paint waits for it (`rel="expect"`,
              src/render/render-document.ts), and where that is not supported `.navbar-end`
              stays unseen until it arrives (theme/css/layout.css). */}
          <span id="__navbar-end" className="navbar-end-complete" hidden />
        </div>
      </nav>
    </header>
  );
}

declare const SITEGEN_BROWSER: true | undefined;

/**
 * Without JavaScript the modal cannot open: a link to the search page, which says what to do.
 * React never shows or hydrates what a `<noscript>` holds in the browser: the client bundle
 * (where `SITEGEN_BROWSER` is defined) has an empty one in its place, and not this code.
 */
function NoScriptSearch({ href }: { href: string }) {
  return (
    <noscript>
      <a className="search-button" href={href} aria-label="Search">
        <SearchIcon />
        <span className="search-button-label">Search</span>
      </a>
    </noscript>
  );
}

/** Logo and title: a link home only where a page is (`/`, else the docs home or first page). */
function Brand({ navbar }: { navbar: SiteData['navbar'] }) {
  const url = useUrl();
  const content = (
    <>
      {navbar.logo && (
        <>
          <Logo className="logo logo-light" src={url(navbar.logo.src)} svg={navbar.logo.svg} width={navbar.logo.width} alt={navbar.logo.alt} />
          {navbar.logo.srcDark && <Logo className="logo logo-dark" src={url(navbar.logo.srcDark)} svg={navbar.logo.svgDark} width={navbar.logo.widthDark} alt={navbar.logo.alt} />}
        </>
      )}
      {navbar.title && <span className="navbar-title">{navbar.title}</span>}
    </>
  );
  if (navbar.brandHref === null) return <span className="navbar-brand">{content}</span>;
  return <a className="navbar-brand" href={url(navbar.brandHref ?? '/')}>{content}</a>;
}

/**
 * One of the logo's files: inline when the build could make it so (no request, no image document
 * to parse before the page's first layout), else an image. Either way an image named by `alt`,
 * LOGO_HEIGHT px high and as wide as its shape (`width`, when the build knows it).
 */
function Logo({ className, src, svg, width = LOGO_HEIGHT, alt }: { className: string; src: string; svg?: InlineSvg; width?: number; alt: string }) {
  if (!svg) return <img className={className} src={src} alt={alt} width={width} height={LOGO_HEIGHT} />;
  return <svg {...svg.attributes} className={className} width={width} height={LOGO_HEIGHT} role="img" aria-label={alt} dangerouslySetInnerHTML={{ __html: svg.inner }} />;
}
