import { Children, isValidElement, type HTMLAttributes, type ReactElement, type ReactNode } from 'react';

/** Props of {@link Heading}, as in Docusaurus 3, plus any attribute of the heading element. */
export interface HeadingProps extends HTMLAttributes<HTMLHeadingElement> {
  as: 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6';
  id?: string;
}

/**
 * `@theme/Heading`: the heading a Markdown heading renders as (src/markdown/plugins/
 * rehype-heading-ids.ts): an `h2`–`h6` with an id ends with its hover anchor, named by the
 * heading's text; an `h1`, or a heading without an id, is the element alone, as in Docusaurus.
 */
export default function Heading({ as: As, id, children, ...rest }: HeadingProps): ReactNode {
  if (As === 'h1' || !id) return <As id={id} {...rest}>{children}</As>;
  return (
    <As id={id} {...rest}>
      {children}
      <a className="hash-link" href={`#${id}`} aria-label={`Direct link to ${textOf(children).trim()}`}>#</a>
    </As>
  );
}

/** The text of `children`, elements included (the heading's accessible name). */
function textOf(children: ReactNode): string {
  return Children.toArray(children).map((child): string => {
    if (typeof child === 'string' || typeof child === 'number') return String(child);
    if (isValidElement(child)) return textOf((child as ReactElement<{ children?: ReactNode }>).props.children);
    return '';
  }).join('');
}
