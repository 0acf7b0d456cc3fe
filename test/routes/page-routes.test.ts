import { describe, expect, it } from 'vitest';
import { siteConfigSchema } from '../../src/config/schema.ts';
import { globToRegExp, pageFileKind, pageRoute } from '../../src/routes/page-routes.ts';

// Issue 30 › 4: which files of src/pages are pages, and their routes, as Docusaurus's pages plugin decides.
const rules = siteConfigSchema.parse({ title: 'T', url: 'https://t.example' }).pages;

describe('page files', () => {
  it('takes components and Markdown, by the default include', () => {
    expect(pageFileKind('index.tsx', rules)).toBe('react');
    expect(pageFileKind('help/index.jsx', rules)).toBe('react');
    expect(pageFileKind('errors.js', rules)).toBe('react');
    expect(pageFileKind('util.ts', rules)).toBe('react');
    expect(pageFileKind('about.md', rules)).toBe('markdown');
    expect(pageFileKind('changelog.mdx', rules)).toBe('mdx');
    expect(pageFileKind('styles.module.css', rules)).toBeUndefined();
    expect(pageFileKind('data.json', rules)).toBeUndefined();
  });

  it('leaves out `_` files and folders, tests and hidden files, by the default exclude', () => {
    expect(pageFileKind('_hidden.tsx', rules)).toBeUndefined();
    expect(pageFileKind('help/_partial.md', rules)).toBeUndefined();
    expect(pageFileKind('_components/card.tsx', rules)).toBeUndefined();
    expect(pageFileKind('a/_b/c/page.js', rules)).toBeUndefined();
    expect(pageFileKind('widget.test.tsx', rules)).toBeUndefined();
    expect(pageFileKind('__tests__/page.tsx', rules)).toBeUndefined();
    expect(pageFileKind('.draft.tsx', rules)).toBeUndefined();
    expect(pageFileKind('node_modules/x/index.js', rules)).toBeUndefined();
    // `_` inside a name is fine.
    expect(pageFileKind('my_page.tsx', rules)).toBe('react');
  });

  it('follows configured globs', () => {
    const custom = { include: ['**/*.md'], exclude: ['drafts/**'] };
    expect(pageFileKind('index.tsx', custom)).toBeUndefined();
    expect(pageFileKind('notes/a.md', custom)).toBe('markdown');
    expect(pageFileKind('drafts/a.md', custom)).toBeUndefined();
  });

  it('reads globs as globby does: `**/` matches no folder too, `*` stays within one', () => {
    expect(globToRegExp('**/_*.{js,tsx}').test('_a.tsx')).toBe(true);
    expect(globToRegExp('**/_*.{js,tsx}').test('x/y/_a.js')).toBe(true);
    expect(globToRegExp('**/_*.{js,tsx}').test('x/_y/a.js')).toBe(false);
    expect(globToRegExp('*.md').test('a/b.md')).toBe(false);
    expect(globToRegExp('a?.md').test('ab.md')).toBe(true);
    expect(globToRegExp('a.md').test('aXmd')).toBe(false);
  });
});

describe('page routes', () => {
  it('names a file by its path without extension, and `index` by its folder', () => {
    expect(pageRoute('index.tsx', '/')).toBe('/');
    expect(pageRoute('help/index.jsx', '/')).toBe('/help');
    expect(pageRoute('errors.js', '/')).toBe('/errors');
    expect(pageRoute('guides/setup.md', '/')).toBe('/guides/setup');
    // No number prefixes are stripped (docs do that, pages do not).
    expect(pageRoute('01-news.tsx', '/')).toBe('/01-news');
  });

  it('puts every page under routeBasePath', () => {
    expect(pageRoute('index.tsx', '/p')).toBe('/p');
    expect(pageRoute('help/index.jsx', 'p/')).toBe('/p/help');
  });
});
