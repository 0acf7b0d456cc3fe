/**
 * Test helper: one renderer per test file and a `renderFor` that fills the inputs a test does not
 * care about.
 */
import {
  createMarkdownRenderer,
  type MarkdownRenderer,
  type RenderMarkdownInput,
} from '../../src/markdown/create-markdown-renderer.ts';
import type { MarkdownResult } from '../../src/model.ts';

let renderer: Promise<MarkdownRenderer> | undefined;

/** Renders `source` as `content/docs/page.md` with no front matter unless overridden. */
export async function renderFor(source: string, input: Partial<RenderMarkdownInput> = {}): Promise<MarkdownResult> {
  // Math on, as on the real site; `markdown.math: false` has its own test.
  renderer ??= createMarkdownRenderer({ math: true });
  const render = await renderer;
  return render({ source, file: 'content/docs/page.md', lineOffset: 0, ...input });
}

/** Diagnostics printed like the build does: `file:line:col  severity  message  ruleId`. */
export function formatDiagnostics(result: MarkdownResult): string[] {
  return result.diagnostics.map(
    (d) => `${d.file}:${d.line ?? 0}:${d.column ?? 0}  ${d.severity}  ${d.message}  ${d.ruleId}`,
  );
}
