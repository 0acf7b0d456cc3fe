import type { Element } from 'hast';
import { createContext, useContext, type ReactNode } from 'react';

/**
 * Highlights one block synchronously, as React renders: the build's shiki highlighter made by
 * `createCodeHighlighter` (src/markdown/create-code-highlighter.ts) is one, created before any
 * MDX page renders. A highlighter on another thread (a promise per block) is not: React's
 * server render cannot wait for it.
 */
export interface MdxCodeHighlighter {
  /** shiki's `<pre class="shiki"><code>`, one `span.line` per line; an unknown language as plain text. */
  highlight(input: { code: string; lang: string }): Element;
}

const MdxCodeHighlighterContext = createContext<MdxCodeHighlighter | null>(null);

/** Gives `@theme/CodeBlock` the build's highlighter; the MDX renderer puts it around every MDX page. */
export function MdxCodeHighlighterProvider({ value, children }: { value: MdxCodeHighlighter; children: ReactNode }) {
  return <MdxCodeHighlighterContext.Provider value={value}>{children}</MdxCodeHighlighterContext.Provider>;
}

/** The highlighter of the page being rendered; throws outside {@link MdxCodeHighlighterProvider} (a bug of the renderer). */
export function useMdxCodeHighlighter(): MdxCodeHighlighter {
  const highlighter = useContext(MdxCodeHighlighterContext);
  if (!highlighter) throw new Error('Expected an MdxCodeHighlighterProvider around MDX content (sitegen renders every MDX page inside one)');
  return highlighter;
}
