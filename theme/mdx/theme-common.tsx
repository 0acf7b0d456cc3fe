/**
 * `@docusaurus/theme-common`: the part of Docusaurus's theme utilities that site components use —
 * the colour mode, `<PageMetadata>`, `ThemeClassNames`, `useWindowSize` and the providers that
 * only wrap. A name not provided here is a build error at the import's line (esbuild's "No
 * matching export"), never `undefined` at run time.
 */
import { useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { applyChoice } from '../../src/render/colour-mode.browser.ts';
import { PageMetaContext } from './page-meta.tsx';

export type ColorMode = 'light' | 'dark';

const isBrowser = typeof window !== 'undefined';

function subscribeMode(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}

/** The mode the page is painted in: `data-theme` on `<html>`, set by the head script and the switch. */
function paintedMode(): ColorMode {
  return document.documentElement.getAttribute('data-theme') === 'dark' ? 'dark' : 'light';
}

/**
 * `useColorMode()`: the mode the page is painted in, kept current when the reader switches, and
 * `setColorMode`, which switches it as the navbar's switch does (the choice is stored). The
 * server renders `light` (it cannot know the reader's mode), and so does hydration; the real
 * mode follows at once.
 */
export function useColorMode(): { colorMode: ColorMode; setColorMode: (mode: ColorMode | null) => void; isDarkTheme: boolean } {
  const colorMode = useSyncExternalStore(isBrowser ? subscribeMode : () => () => {}, isBrowser ? paintedMode : () => 'light' as const, () => 'light' as const);
  return { colorMode, isDarkTheme: colorMode === 'dark', setColorMode };
}

function setColorMode(mode: ColorMode | null): void {
  if (!isBrowser) return;
  try {
    if (mode === null) localStorage.removeItem('theme');
    else localStorage.setItem('theme', mode);
  } catch {
    // Storage blocked: the mode still changes for this page.
  }
  applyChoice(mode ?? (matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'));
}

/** Props of {@link PageMetadata}, as in Docusaurus 3. */
export interface PageMetadataProps {
  title?: string;
  description?: string;
  keywords?: string | string[];
  image?: string;
  children?: ReactNode;
}

/**
 * `<PageMetadata title description>`: the page's `<title>` (`title | site title`) and
 * description, as `<Layout>`'s props give them (React pages and `src/theme/NotFound`); renders
 * nothing where it stands.
 */
export function PageMetadata({ title, description }: PageMetadataProps): ReactNode {
  const report = useContext(PageMetaContext);
  report?.({ title, description });
  return null;
}

/** Wraps its children only: sitegen's layout sets the page's classes itself. */
export function HtmlClassNameProvider({ children }: { className?: string; children?: ReactNode }): ReactNode {
  return <>{children}</>;
}

/** Wraps its children only (Docusaurus's page-level providers; sitegen's layout provides the same). */
export function PageMetadataProvider({ children }: { children?: ReactNode }): ReactNode {
  return <>{children}</>;
}

/**
 * `useWindowSize()`: `'desktop'` or `'mobile'` (at 996 px, Docusaurus's breakpoint), and
 * `'ssr'` on the server and during hydration, as in Docusaurus.
 */
export function useWindowSize({ desktopBreakpoint = 996 }: { desktopBreakpoint?: number } = {}): 'desktop' | 'mobile' | 'ssr' {
  const [size, setSize] = useState<'desktop' | 'mobile' | 'ssr'>('ssr');
  useEffect(() => {
    const update = () => setSize(window.innerWidth > desktopBreakpoint ? 'desktop' : 'mobile');
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, [desktopBreakpoint]);
  return size;
}

/** Docusaurus's stable class names, which site components put on their elements for site CSS. */
export const ThemeClassNames = {
  page: {
    blogListPage: 'blog-list-page', blogPostPage: 'blog-post-page', blogTagsListPage: 'blog-tags-list-page',
    blogTagPostListPage: 'blog-tags-post-list-page', docsDocPage: 'docs-doc-page', docsTagsListPage: 'docs-tags-list-page',
    docsTagDocListPage: 'docs-tags-doc-list-page', mdxPage: 'mdx-page',
  },
  wrapper: { main: 'main-wrapper', blogPages: 'blog-wrapper', docsPages: 'docs-wrapper', mdxPages: 'mdx-wrapper' },
  common: { editThisPage: 'theme-edit-this-page', lastUpdated: 'theme-last-updated', backToTopButton: 'theme-back-to-top-button', codeBlock: 'theme-code-block', admonition: 'theme-admonition', unlistedBanner: 'theme-unlisted-banner', admonitionType: (type: string) => `theme-admonition-${type}` },
  layout: {},
  docs: { docVersionBanner: 'theme-doc-version-banner', docVersionBadge: 'theme-doc-version-badge', docBreadcrumbs: 'theme-doc-breadcrumbs', docMarkdown: 'theme-doc-markdown', docTocMobile: 'theme-doc-toc-mobile', docTocDesktop: 'theme-doc-toc-desktop', docFooter: 'theme-doc-footer', docFooterTagsRow: 'theme-doc-footer-tags-row', docFooterEditMetaRow: 'theme-doc-footer-edit-meta-row', docSidebarContainer: 'theme-doc-sidebar-container', docSidebarMenu: 'theme-doc-sidebar-menu', docSidebarItemCategory: 'theme-doc-sidebar-item-category', docSidebarItemLink: 'theme-doc-sidebar-item-link' },
  blog: { blogFooterTagsRow: 'theme-blog-footer-tags-row', blogFooterEditMetaRow: 'theme-blog-footer-edit-meta-row' },
  pages: { pageFooterEditMetaRow: 'theme-pages-footer-edit-meta-row' },
} as const;
