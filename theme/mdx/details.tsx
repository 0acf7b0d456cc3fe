import { Children, isValidElement, type DetailsHTMLAttributes, type ReactElement, type ReactNode } from 'react';

/** Props of {@link Details}, as in Docusaurus 3, plus any attribute of `<details>` (`open`). */
export interface DetailsProps extends Omit<DetailsHTMLAttributes<HTMLDetailsElement>, 'children'> {
  /** The always-visible line: text, or a `<summary>` element. A `<summary>` child does the same. */
  summary?: ReactNode;
  children?: ReactNode;
}

/**
 * `@theme/Details` (and what Docusaurus renders for `<details>` in MDX): a native
 * `<details class="details">`, which opens and closes without script, with its `<summary>` first
 * and the rest in `.details-content`. The summary comes from the `summary` prop or from a
 * `<summary>` child; without either it reads "Details", as in Docusaurus.
 */
export default function Details({ summary, children, className, ...rest }: DetailsProps): ReactNode {
  const items = Children.toArray(children);
  const summaryChild = items.find((item): item is ReactElement => isValidElement(item) && item.type === 'summary');
  const content = summaryChild ? items.filter((item) => item !== summaryChild) : items;
  const given = summary ?? summaryChild;
  const summaryElement = isValidElement(given) && given.type === 'summary' ? given : <summary>{given ?? 'Details'}</summary>;
  return (
    <details className={`details${className ? ` ${className}` : ''}`} {...rest}>
      {summaryElement}
      <div className="details-content">{content}</div>
    </details>
  );
}
