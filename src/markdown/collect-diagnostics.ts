/**
 * Turns the VFile messages of a rendered page into sitegen diagnostics, shifting positions past
 * the front matter. Plugins report positions inside the Markdown body; the file on disk starts
 * `lineOffset` lines earlier.
 */
import type { VFile } from 'vfile';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';

/**
 * Converts messages: `fatal: true` becomes `error`, everything else `warning` (the build applies
 * its own severity per rule id later). Messages from third-party plugins get `<source>/<ruleId>`.
 */
export function collectDiagnostics({ file, path, lineOffset }: { file: VFile; path: string; lineOffset: number }): Diagnostic[] {
  return file.messages.map((message) => {
    const ruleId =
      message.source === 'sitegen' || !message.source
        ? (message.ruleId ?? 'markdown/plugin')
        : `${message.source}/${message.ruleId ?? 'message'}`;
    const diagnostic: Diagnostic = {
      file: path,
      severity: message.fatal === true ? 'error' : 'warning',
      message: message.reason,
      ruleId,
    };
    if (message.line != null) diagnostic.line = message.line + lineOffset;
    if (message.column != null) diagnostic.column = message.column;
    return diagnostic;
  });
}
