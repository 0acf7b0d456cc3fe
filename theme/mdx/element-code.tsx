import type { ReactNode } from 'react';

/** Code given as elements (Docusaurus renders them as they are): the frame, without highlighting. */
export function ElementCode({ language, children }: { language: string | undefined; children: ReactNode }): ReactNode {
  return (
    <div className="code-block" data-language={language ?? 'text'}>
      <pre className="shiki" tabIndex={0}><code>{children}</code></pre>
      {language && <span className="code-block-lang">{language}</span>}
      <button type="button" className="copy-button" aria-label="Copy code" hidden>Copy</button>
    </div>
  );
}
