/**
 * Turns the VFile messages of a rendered page into sitegen diagnostics, shifting positions past
 * the front matter. Plugins report positions inside the Markdown body; the file on disk starts
 * `lineOffset` lines earlier.
 */
import type { VFile } from 'vfile';
import type { VFileMessage } from 'vfile-message';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';

type Wording = Pick<Diagnostic, 'ruleId' | 'message'>;

// Messages from third-party plugins in our chain, reworded in house style.
const thirdParty: Record<string, (message: VFileMessage) => Wording> = {
  'rehype-katex': (message) => ({
    ruleId: 'markdown/math',
    message: `Cannot render math with KaTeX: ${message.cause instanceof Error ? message.cause.message : message.reason}`,
  }),
};

/**
 * Converts messages: `fatal: true` becomes `error`, everything else `warning` (the build applies
 * its own severity per rule id later). Other plugins' messages get the rule id `<source>/<ruleId>`.
 */
export function collectDiagnostics({ file, path, lineOffset }: { file: VFile; path: string; lineOffset: number }): Diagnostic[] {
  return file.messages.map((message) => {
    const diagnostic: Diagnostic = {
      file: path,
      severity: message.fatal === true ? 'error' : 'warning',
      ...wordingOf(message),
    };
    if (message.line != null) diagnostic.line = message.line + lineOffset;
    if (message.column != null) diagnostic.column = message.column;
    // Our plugins put the hint of a diagnostic in the message's note.
    if (message.note && (message.source ?? 'sitegen') === 'sitegen') diagnostic.hint = message.note;
    return diagnostic;
  });
}

function wordingOf(message: VFileMessage): Wording {
  const source = message.source ?? 'sitegen';
  if (source === 'sitegen') return { ruleId: message.ruleId ?? 'markdown/plugin', message: message.reason };
  return thirdParty[source]?.(message) ?? { ruleId: `${source}/${message.ruleId ?? 'message'}`, message: message.reason };
}
