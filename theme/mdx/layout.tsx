import { useContext, type ReactNode } from 'react';
import { PageMetaContext } from './page-meta.tsx';

/** The props of Docusaurus's `@theme/Layout` that pages pass (the others are accepted and ignored). */
export interface LayoutProps {
  children?: ReactNode;
  /** The page's title: `<title>` becomes `title | site title`. */
  title?: string;
  /** The page's `<meta name="description">`. */
  description?: string;
  /** A class for the element around the page's content. */
  wrapperClassName?: string;
  noFooter?: boolean;
  image?: string;
  keywords?: string | string[];
}

/**
 * `@theme/Layout` for the pages of `src/pages`. The site's layout (navbar, footer, colour mode,
 * search) already wraps every page it renders, so this renders only the page's content; its
 * `title` and `description` go to the page's `<head>` (reported to the server render, which
 * reads them once: a render has no later effects, hence the call during render).
 */
export default function Layout({ children, title, description, wrapperClassName }: LayoutProps) {
  const report = useContext(PageMetaContext);
  report?.({ title, description });
  return wrapperClassName ? <div className={wrapperClassName}>{children}</div> : <>{children}</>;
}
