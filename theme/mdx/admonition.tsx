import type { ReactNode } from 'react';
import { admonitionLabels } from '../../src/markdown/plugins/remark-admonitions.ts';
import { admonitionTypes, type AdmonitionType } from '../../src/markdown/preprocess-admonition-titles.ts';

/** Props of {@link Admonition}, as in Docusaurus 3. */
export interface AdmonitionProps {
  /** One of the nine types of `:::type` admonitions; any other shows as `info`, as in Docusaurus. */
  type?: string;
  /** The heading; the type's name when absent or empty. */
  title?: ReactNode;
  /** Replaces the type's icon (an emoji, an `<svg>`…); decorative, like ours. */
  icon?: ReactNode;
  className?: string;
  children?: ReactNode;
}

const types = new Set<string>(admonitionTypes);

/**
 * `@theme/Admonition`: the markup and classes of a `:::type` admonition in Markdown
 * (src/markdown/plugins/remark-admonitions.ts), so both look and read the same: an `<aside
 * role="note">` named by its type, a heading row with the icon the stylesheet draws for the
 * type, and the content.
 */
export default function Admonition({ type: asked = 'note', title, icon, className, children }: AdmonitionProps): ReactNode {
  // Docusaurus falls back to `info` for a type it does not know (with a console warning).
  const type: AdmonitionType = types.has(asked) ? (asked as AdmonitionType) : 'info';
  const label = admonitionLabels[type];
  const heading = title === undefined || title === null || title === '' ? label : title;
  return (
    <aside className={`admonition admonition-${type}${className ? ` ${className}` : ''}`} role="note" aria-label={label}>
      <p className="admonition-heading">
        {icon === undefined || icon === null
          ? <span className="admonition-icon" aria-hidden="true"></span>
          : <span className="admonition-icon admonition-icon-custom" aria-hidden="true">{icon}</span>}
        {heading}
      </p>
      <div className="admonition-content">{children}</div>
    </aside>
  );
}
