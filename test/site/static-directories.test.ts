import { describe, expect, it } from 'vitest';
import { buildInMemory } from '../helpers/build-helpers.ts';
import { copyFixture } from '../helpers/copy-fixture.ts';

// Issue 39 › 1: `staticDirectories` (Docusaurus's name): several folders published at the site's
// root, a later folder's file replacing an earlier one's; images and the logo are found in any of
// them, and a relative favicon is from the site's root on every page.

describe('static folders', () => {
  it('publishes every static folder, the later one winning, and resolves images and a relative favicon from them', async () => {
    const site = copyFixture('core-site');
    try {
      site.write('site.config.ts', site.read('site.config.ts').replace("blog: { postsPerPage: 2 },", "blog: { postsPerPage: 2 },\n  staticDirectories: ['public', 'extra'],\n  favicon: 'img/mark.svg',"));
      const svg = (fill: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><rect width="4" height="4" fill="${fill}"/></svg>\n`;
      site.write('extra/img/ann.svg', svg('#123456'));
      site.write('extra/img/mark.svg', svg('#654321'));
      site.write('content/docs/01-basics/02-guide.md', `${site.read('content/docs/01-basics/02-guide.md')}\n\n![Mark](/img/mark.svg)\n`);
      const { out, result } = await buildInMemory(site.root);
      expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      const copied = (file: string) => out.files.get(file) as { copyOf?: string } | undefined;
      expect(copied('img/ann.svg')?.copyOf).toBe(site.file('extra/img/ann.svg'));
      expect(copied('img/mark.svg')?.copyOf).toBe(site.file('extra/img/mark.svg'));
      const guide = out.text('basics/guide.html')!;
      expect(guide).toContain('<link rel="icon" href="/img/mark.svg"');
      expect(guide).toContain('src="/img/mark.svg"');
    } finally {
      site.cleanup();
    }
  });
});
