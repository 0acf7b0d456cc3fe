import { Children, isValidElement, useContext, type ReactElement, type ReactNode } from 'react';
import { PageMetaContext } from './page-meta.tsx';

/**
 * `@docusaurus/Head` (react-helmet in Docusaurus): renders nothing where it stands. Of its
 * children, `<title>` becomes the document's title exactly as written, and `<meta
 * name="description">` the page's description (React pages): as with react-helmet, a `<Head>`
 * inside `<Layout>` wins over the layout's props. Other head tags are not added.
 */
export default function Head({ children }: { children?: ReactNode }): ReactNode {
  const report = useContext(PageMetaContext);
  if (!report) return null;
  for (const child of Children.toArray(children)) {
    if (!isValidElement(child)) continue;
    const { props } = child as ReactElement<{ children?: ReactNode; name?: string; content?: string }>;
    if (child.type === 'title') report({ headTitle: textOf(props.children) });
    else if (child.type === 'meta' && props.name === 'description' && props.content) report({ description: props.content });
  }
  return null;
}

/** The text of a title's children (`{siteConfig.title} · {tagline}`: strings and numbers). */
function textOf(children: ReactNode): string {
  return Children.toArray(children).map((c) => (typeof c === 'string' || typeof c === 'number' ? String(c) : '')).join('');
}
