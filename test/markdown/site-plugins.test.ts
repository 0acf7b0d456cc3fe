import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copyFixture } from '../helpers/copy-fixture.ts';
import { runCli } from '../helpers/run-cli.ts';

// Issue #38 › 1: the site's own remark and rehype plugins (`markdown.*Plugins`, as Docusaurus
// names them) run on Markdown and MDX alike, on this thread and on worker threads, and a change
// to them renders the pages again instead of reusing the cache.

const site = copyFixture('parity-site');
afterAll(() => site.cleanup());

const config = (word: string) => `import { defineConfig } from '${path.resolve('src/config/define-config.ts')}';

/** A remark plugin that writes every text of the page in capitals, and adds a word and how it sees the file's path. */
function shout(options: { suffix: string }) {
  return (tree: any, file: any) => {
    const walk = (node: any) => {
      if (node.type === 'text') node.value = node.value.toUpperCase();
      node.children?.forEach(walk);
    };
    walk(tree);
    // Plugins see the file at its absolute path, as in Docusaurus (remark-typescript-tools needs it).
    const where = file.path.startsWith('/') && file.path.endsWith('.md' + (file.path.endsWith('x') ? 'x' : '')) ? 'absolute' : 'relative';
    tree.children.push({ type: 'paragraph', children: [{ type: 'text', value: options.suffix + ' ' + where }] });
  };
}

/** A rehype plugin run before ours: marks every paragraph. */
function mark() {
  return (tree: any) => {
    const walk = (node: any) => {
      if (node.type === 'element' && node.tagName === 'p') node.properties.dataMarked = '';
      node.children?.forEach(walk);
    };
    walk(tree);
  };
}

export default defineConfig({
  title: 'Plugins',
  url: 'https://plugins.example',
  markdown: { math: true, remarkPlugins: [[shout, { suffix: '${word}' }]], beforeDefaultRehypePlugins: [mark] },
});
`;

const page = (file: string) => readFileSync(path.join(site.root, 'build', file), 'utf8');

describe('the site’s own plugins', () => {
  for (const threads of ['1', '2']) {
    it(`run on .md and .mdx pages (${threads === '1' ? 'this thread' : 'worker threads'})`, async () => {
      site.write('site.config.ts', config(`suffix-${threads}`));
      site.write('content/docs/mdx-page.mdx', '---\ntitle: MDX page\n---\n\nQuiet words in MDX.\n');
      const result = await runCli(['build', '--root', site.root, '--verbose'], { env: { SITEGEN_THREADS: threads } });
      expect(result.code, result.output).toBe(0);
      expect(result.output).toContain(threads === '1' ? 'Markdown renders on this thread' : 'Markdown renders on 2 worker threads');
      expect(page('other.html')).toContain('<p data-marked="">LINKED TO FROM THE FEATURES PAGE.</p>');
      expect(page('other.html')).toContain(`<p data-marked="">suffix-${threads} absolute</p>`);
      expect(page('mdx-page.html')).toContain('<p data-marked="">QUIET WORDS IN MDX.</p>');
      expect(page('mdx-page.html')).toContain(`<p data-marked="">suffix-${threads} absolute</p>`);
    });
  }

  it('render the pages again when they change, not from the cache', async () => {
    site.write('site.config.ts', config('first'));
    await runCli(['build', '--root', site.root]);
    site.write('site.config.ts', config('second'));
    const again = await runCli(['build', '--root', site.root, '--verbose']);
    expect(again.output).toMatch(/ 0 of \d+ Markdown files from the cache/);
    expect(page('other.html')).toContain('<p data-marked="">second absolute</p>');
  });

  for (const threads of ['1', '2']) {
    it(`that cannot be set up fail the build as the site's error, naming the plugin and the config (${threads === '1' ? 'this thread' : 'worker threads'})`, async () => {
      site.write('site.config.ts', config('kept'));
      expect((await runCli(['build', '--root', site.root])).code).toBe(0);
      // A plugin whose attacher throws (Redux Toolkit's site: remark-typescript-tools without its
      // compiler options) was "Internal error: sitegen crashed" and a stack.
      site.write('site.config.ts', config('kept').replace('beforeDefaultRehypePlugins: [mark]', 'beforeDefaultRehypePlugins: [mark, needsOptions]') + `
function needsOptions(options?: { compilerOptions?: object }) {
  const keys = Object.keys(options!.compilerOptions!);
  return () => void keys;
}
`);
      const result = await runCli(['build', '--root', site.root], { env: { SITEGEN_THREADS: threads } });
      expect(result.code).toBe(1);
      expect(result.output).not.toContain('Internal error');
      expect(result.output).toContain('site.config.ts');
      expect(result.output).toContain('Cannot set up the Markdown plugin `needsOptions` (`beforeDefaultRehypePlugins[1]`): it threw TypeError: Cannot read properties of undefined');
      expect(result.output).toContain('give it the options its documentation asks for, or take it out of the list');
      // Said once, not once for each page that would have gone through it.
      expect(result.output.split('Cannot set up').length - 1, result.output).toBe(1);
      // The last good build stays.
      expect(page('other.html')).toContain('<p data-marked="">kept absolute</p>');
    });
  }
});
