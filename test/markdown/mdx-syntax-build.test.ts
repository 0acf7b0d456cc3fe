import { afterEach, describe, expect, it } from 'vitest';
import { SitegenError } from '../../src/diagnostics/sitegen-error.ts';
import { copyFixture, type SiteCopy } from '../helpers/copy-fixture.ts';
import { buildInMemory } from '../helpers/build-helpers.ts';

// Issue 13: MDX in a `.md` file is reported once per file; `markdown.onMdxSyntax: 'throw'`
// makes it an error that fails the build.

let site: SiteCopy | undefined;
afterEach(() => site?.cleanup());

const mdx = "import Tabs from '@theme/Tabs';\n\n# Tabs\n\n<Tabs>\n\nText.\n\n</Tabs>\n";

describe('markdown.onMdxSyntax', () => {
  it('warns by default and builds the page without the JSX', async () => {
    site = copyFixture('errors-site');
    site.write('content/docs/tabs.md', mdx);
    const { out, result } = await buildInMemory(site.root);
    expect(result.diagnostics.filter((d) => d.ruleId === 'markdown/mdx-syntax').map((d) => `${d.file}:${d.line} ${d.severity}`)).toEqual(['content/docs/tabs.md:1 warning']);
    expect(out.text('tabs.html')).not.toMatch(/<tabs|import Tabs/i);
  });

  it("fails the build with 'throw'", async () => {
    site = copyFixture('errors-site');
    site.write('content/docs/tabs.md', mdx);
    site.write('site.config.ts', site.read('site.config.ts').replace('footer:', "markdown: { onMdxSyntax: 'throw' },\n  footer:"));
    const error = await buildInMemory(site.root).then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(SitegenError);
    expect((error as SitegenError).diagnostics.map((d) => `${d.file}:${d.line} ${d.severity} ${d.ruleId}`)).toEqual(['content/docs/tabs.md:1 error markdown/mdx-syntax']);
  });
});
