import { Children, type ReactNode } from 'react';
import type { CodeBlockProps } from './code-block.tsx';
import { ElementCode } from './element-code.tsx';

/**
 * `@theme/CodeBlock` in the browser, inside an island of an MDX page (src/mdx/bundle-islands.ts
 * takes a theme module's `.browser` file when it has one): the block was highlighted at build
 * time and its markup is in the page, so this keeps it (React leaves inner HTML it did not set,
 * on hydration and after) instead of shipping the highlighter and its HTML writer.
 */
export default function CodeBlock(props: CodeBlockProps): ReactNode {
  const language = props.language ?? /(?:^|\s)language-(\S+)/.exec(props.className ?? '')?.[1];
  const items = Children.toArray(props.children);
  if (!items.every((item) => typeof item === 'string' || typeof item === 'number')) {
    return <ElementCode language={language}>{props.children}</ElementCode>;
  }
  return <div className="code-block" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: '' }} />;
}
