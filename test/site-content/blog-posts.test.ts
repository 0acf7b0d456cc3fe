import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { collectBlog, type BlogContent } from '../../src/content/collect-blog.ts';
import { createSiteFence } from '../../src/content/site-fence.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let blog: BlogContent;

beforeAll(async () => {
  blog = await collectBlog({ root, blogDir: 'content/blog', routeBasePath: '/blog', includeDrafts: false, fence: createSiteFence({ root: root }) });
});

/** Words of prose: code blocks, board grids, tables and front matter do not count. */
function proseWords(body: string): number {
  const prose = body
    .replace(/```[\s\S]*?```/g, ' ')
    .split('\n').filter((l) => !l.trim().startsWith('|')).join('\n')
    .replace(/<!--[\s\S]*?-->/g, ' ');
  return prose.split(/\s+/).filter((w) => /[A-Za-z]/.test(w)).length;
}

describe('the blog', () => {
  it('reads every post without a diagnostic', () => {
    expect(blog.diagnostics).toEqual([]);
  });

  it('has 48–52 posts dated March 2019 to December 2023, spread unevenly over the years', () => {
    const { posts } = blog;
    expect(posts.length).toBeGreaterThanOrEqual(48);
    expect(posts.length).toBeLessThanOrEqual(52);
    expect(posts.every((p) => p.date >= '2019-03-01' && p.date <= '2023-12-31')).toBe(true);
    const perYear: Record<string, number> = {};
    for (const p of posts) perYear[p.date.slice(0, 4)] = (perYear[p.date.slice(0, 4)] ?? 0) + 1;
    expect(Object.keys(perYear).sort()).toEqual(['2019', '2020', '2021', '2022', '2023']);
    expect(perYear['2019']).toBeLessThan(perYear['2023']);
  });

  it('gives every post a title, a one-sentence description, an excerpt and 300–1,000 words', () => {
    const problems: string[] = [];
    for (const post of blog.posts) {
      const raw = readFileSync(path.join(root, post.file), 'utf8');
      if (!/^description: .+$/m.test(raw)) problems.push(`${post.file}: no description`);
      if ((raw.match(/^<!-- truncate -->$/gm) ?? []).length !== 1) problems.push(`${post.file}: expected one truncate marker`);
      const words = proseWords(post.body);
      if (words < 300 || words > 1000) problems.push(`${post.file}: ${words} words`);
      if (post.tags.length > 0) problems.push(`${post.file}: has tags`);
    }
    expect(problems).toEqual([]);
  });

  it('resolves every author to authors.yml (5–8 people with avatars in public/)', () => {
    expect(blog.authors.size).toBeGreaterThanOrEqual(5);
    expect(blog.authors.size).toBeLessThanOrEqual(8);
    for (const author of blog.authors.values()) {
      expect(author.imageUrl).toMatch(/^\/img\/authors\/[a-z]+\.svg$/);
      expect(() => readFileSync(path.join(root, 'public', author.imageUrl!))).not.toThrow();
    }
    for (const post of blog.posts) {
      expect(post.authors.length, post.file).toBeGreaterThan(0);
      expect(post.authors.every((a) => a.key && blog.authors.get(a.key) === a), post.file).toBe(true);
    }
  });
});
