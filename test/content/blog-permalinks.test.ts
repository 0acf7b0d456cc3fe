import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectBlog } from '../../src/content/collect-blog.ts';
import { createSiteFence } from '../../src/content/site-fence.ts';

// Issue 39 › 3: a post's URL is Docusaurus's. A front-matter `slug` (relative or absolute) is the
// path under the blog's route, with no date; otherwise the file name's date makes the folders,
// and a front-matter `date` dates the post without moving it; a name without a date is the path.

describe('blog permalinks, as Docusaurus makes them', () => {
  it('takes the slug as it is, the date of the URL from the file name, and an undated name as the path', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'blog-permalinks-'));
    try {
      const post = (file: string, frontMatter: string) => {
        mkdirSync(path.dirname(path.join(root, 'blog', file)), { recursive: true });
        writeFileSync(path.join(root, 'blog', file), `---\n${frontMatter}\n---\n\nText.\n`);
      };
      post('2024-01-05-relative.md', 'title: Relative\nslug: welcome');
      post('2024-01-06-absolute.md', 'title: Absolute\nslug: /news/launch');
      post('2024-01-07-redated.md', 'title: Redated\ndate: 2024-03-01');
      post('undated/index.md', 'title: Undated\ndate: 2024-02-01');
      // Month and day of one digit, as Flow's blog names posts: Docusaurus pads them in the URL.
      post('2019-1-28-short-date.md', 'title: Short date');
      const { posts, diagnostics } = await collectBlog({ root, blogDir: 'blog', routeBasePath: '/blog', includeDrafts: false, fence: createSiteFence({ root }) });
      expect(diagnostics).toEqual([]);
      expect(Object.fromEntries(posts.map((p) => [p.title, [p.route, p.date]]))).toEqual({
        Relative: ['/blog/welcome', '2024-01-05'],
        Absolute: ['/blog/news/launch', '2024-01-06'],
        Redated: ['/blog/2024/01/07/redated', '2024-03-01'],
        Undated: ['/blog/undated', '2024-02-01'],
        'Short date': ['/blog/2019/01/28/short-date', '2019-01-28'],
      });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
