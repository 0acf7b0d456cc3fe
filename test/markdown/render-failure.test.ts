import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config/load-config.ts';
import { SitegenError } from '../../src/diagnostics/sitegen-error.ts';
import type { MarkdownService } from '../../src/markdown/pool/markdown-service.ts';
import { renderAllMarkdown } from '../../src/markdown/render-markdown.ts';
import type { DocSource } from '../../src/model.ts';

// A plugin that throws is a SitegenError naming the file, at the line the plugin gave (a
// VFileMessage's `line` is in the body: the front matter's lines are added), never a crash.
describe('a Markdown file that cannot be rendered', () => {
  const doc = { file: 'content/docs/broken.md', id: 'broken', route: '/broken', title: 'Broken', body: 'a\n\nb\n', lineOffset: 4, dir: [] } as unknown as DocSource;
  const failing = (error: Error): MarkdownService => ({ threads: 1, setRoutes: () => undefined, render: () => Promise.reject(error), compileMdx: () => Promise.reject(error), close: async () => undefined });

  async function diagnosticsOf(error: Error) {
    const config = resolveConfig({ title: 'T', url: 'https://t.example' });
    const result = await renderAllMarkdown({ root: '/nowhere', config, docs: [doc], posts: [], service: failing(error) }).then(() => undefined, (e: unknown) => e);
    expect(result).toBeInstanceOf(SitegenError);
    return (result as SitegenError).diagnostics;
  }

  it('is reported at the file line of the position the plugin gave', async () => {
    expect(await diagnosticsOf(Object.assign(new Error('bad node'), { line: 3, column: 2 }))).toEqual([expect.objectContaining({
      file: 'content/docs/broken.md', line: 7, column: 2, severity: 'error', ruleId: 'markdown/render', message: 'Cannot render Markdown: bad node',
    })]);
  });

  it('is reported on the file when the plugin gave no position', async () => {
    const [diagnostic] = await diagnosticsOf(new Error('no idea where'));
    expect(diagnostic).toMatchObject({ file: 'content/docs/broken.md', ruleId: 'markdown/render' });
    expect(diagnostic.line).toBeUndefined();
  });
});
