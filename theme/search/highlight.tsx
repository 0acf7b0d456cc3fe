import type { SnippetPart } from './types.ts';

/** Renders snippet parts as text with `<mark>` around matches (no HTML is ever injected). */
export function Snippet({ parts }: { parts: SnippetPart[] }) {
  return <>{parts.map((p, i) => (p.mark ? <mark key={i}>{p.text}</mark> : <span key={i}>{p.text}</span>))}</>;
}
