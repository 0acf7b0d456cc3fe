import type { ComponentType } from 'react';
import Admonition from './admonition.tsx';
import Details from './details.tsx';
import Head from './head.tsx';

/**
 * `@theme/MDXComponents`: the components every MDX page can use without importing them. A site
 * adds its own in `src/theme/MDXComponents.{js,tsx}`, as in Docusaurus:
 *
 * ```js
 * import MDXComponents from '@theme-original/MDXComponents';
 * import Highlight from '@site/src/components/Highlight';
 * export default { ...MDXComponents, Highlight };
 * ```
 *
 * Markdown's own elements (`h2`, `a`, `img`, `pre`…) are rendered by sitegen's pipeline, not
 * through this table; a site's entry for one is reported (src/mdx/mdx-components-check.ts).
 */
const MDXComponents: Record<string, ComponentType<never>> = { Head, Details, Admonition };

export default MDXComponents;
