import { copyFixture } from '../helpers/copy-fixture.ts';
import { describe, expect, it } from 'vitest';
import { collectDocs } from '../../src/content/collect-docs.ts';
import { collectBlog } from '../../src/content/collect-blog.ts';
import { splitFrontMatter, validateFrontMatter } from '../../src/content/front-matter.ts';
import { docFrontMatterSchema } from '../../src/content/schemas.ts';
import { stripNumberPrefix } from '../../src/content/walk.ts';
import { fixture } from '../helpers/helpers.ts';
import { createSiteFence } from '../../src/content/site-fence.ts';

const root = fixture('core-site');

describe('collectDocs', () => {
  it('derives ids, routes and titles the Docusaurus way', async () => {
    const { docs, diagnostics } = await collectDocs({ root, docsDir: 'content/docs', routeBasePath: '/', includeDrafts: false, fence: createSiteFence({ root: root }) });
    expect(diagnostics).toEqual([]);
    expect(docs.map((d) => [d.file.replace('content/docs/', ''), d.id, d.route, d.title])).toEqual([
      ['01-basics/01-install.md', 'basics/install', '/basics/install', 'Install the thing'],
      ['01-basics/02-guide.md', 'basics/guide', '/basics/guide', 'Guide'],
      ['02-reference/b-last.md', 'reference/b-last', '/reference/b-last', 'Last'],
      ['02-reference/objects/thing.md', 'reference/objects/thing', '/reference/objects/thing-object', 'Thing'],
      ['02-reference/overview.md', 'reference/overview', '/reference/overview', 'Reference overview'],
      ['03-extra/index.md', 'extra/index', '/extra', 'Extra index'],
      ['03-extra/more.md', 'extra/more-things', '/extra/more-things', 'More'],
      ['index.md', 'index', '/', 'Welcome'],
    ]);
  });

  it('removes a leading h1 used as title, keeping line numbers, and keeps the front matter description', async () => {
    const { docs } = await collectDocs({ root, docsDir: 'content/docs', routeBasePath: '/', includeDrafts: false, fence: createSiteFence({ root: root }) });
    const install = docs.find((d) => d.id === 'basics/install')!;
    expect(install.body.split('\n').length).toBe(9);
    expect(install.body).not.toContain('# Install the thing');
    expect(install.description).toBe('How to install.');
    expect(install.sidebarPosition).toBe(1);
    const guide = docs.find((d) => d.id === 'basics/guide')!;
    expect(guide.sidebarLabel).toBe('The guide');
    expect(guide.tocMaxLevel).toBe(4);
    // Without one, the first paragraph is the description once rendered (remark-description.ts; the build test checks the page).
    expect(guide.description).toBeUndefined();
  });

  it('includes drafts only when asked (dev)', async () => {
    const dev = await collectDocs({ root, docsDir: 'content/docs', routeBasePath: '/', includeDrafts: true, fence: createSiteFence({ root: root }) });
    expect(dev.docs.some((d) => d.id === 'basics/draft')).toBe(true);
  });

  it('reads _category_.json with generated-index and doc links', async () => {
    const { categories } = await collectDocs({ root, docsDir: 'content/docs', routeBasePath: '/', includeDrafts: false, fence: createSiteFence({ root: root }) });
    expect(categories.map((c) => [c.dir.join('/'), c.label, c.position, c.link])).toEqual([
      ['01-basics', 'The Basics', 1, { type: 'generated-index', slug: '/basics', title: 'The Basics', description: 'Start here.' }],
      ['02-reference', 'Reference', 2, { type: 'doc', id: 'reference/overview' }],
    ]);
  });

  // Docusaurus reads `_category_.yml` and `.yaml` too; a problem is placed by the parser, at the
  // key the schema names (a nested `description` is not the top-level one).
  it('reads _category_.yml, and places its problems and _category_.json\'s at the key they are about', async () => {
    const site = copyFixture('core-site');
    try {
      site.write('content/docs/03-yaml/_category_.yml', 'label: From YAML\nposition: 3\nlink:\n  type: generated-index\n  description: Nested text\n');
      site.write('content/docs/03-yaml/page.md', '# Page\n');
      site.write('content/docs/04-bad/_category_.json', '{\n  "link": {\n    "type": "generated-index",\n    "description": "Nested"\n  },\n  "description": 12\n}\n');
      site.write('content/docs/05-bad-yaml/_category_.yaml', 'label: Fine\nposition: [3\n');
      const { categories, diagnostics } = await collectDocs({ root: site.root, docsDir: 'content/docs', routeBasePath: '/', includeDrafts: false, fence: createSiteFence({ root: site.root }) });
      expect(categories.find((c) => c.dir.join('/') === '03-yaml')).toMatchObject({ label: 'From YAML', position: 3, link: { type: 'generated-index', description: 'Nested text' } });
      const at = (file: string) => diagnostics.filter((d) => d.file.endsWith(file)).map((d) => [d.line, d.column, d.ruleId]);
      expect(at('04-bad/_category_.json')).toEqual([[6, 3, 'content/category']]);
      expect(at('05-bad-yaml/_category_.yaml')).toEqual([[2, 11, 'content/category']]);
    } finally {
      site.cleanup();
    }
  });
});

describe('collectBlog', () => {
  it('reads dated files and folders, authors, tags, slugs and dates, newest first', async () => {
    const { posts, diagnostics } = await collectBlog({ root, blogDir: 'content/blog', routeBasePath: '/blog', includeDrafts: false, fence: createSiteFence({ root: root }) });
    expect(diagnostics).toEqual([]);
    expect(posts.map((p) => [p.date, p.route, p.title])).toEqual([
      // The front matter's date dates the post; its relative slug is its path under /blog, as in Docusaurus.
      ['2021-06-15', '/blog/custom-slug', 'Front matter date wins'],
      ['2021-05-02', '/blog/2021/05/02/folder-post', 'Folder post'],
      ['2021-04-10', '/blog/2021/04/10/post-4', 'Post 4'],
      ['2021-03-10', '/blog/2021/03/10/post-3', 'Post 3'],
      ['2021-02-10', '/blog/2021/02/10/post-2', 'Post 2'],
      ['2021-01-10', '/blog/2021/01/10/post-1', 'Post 1'],
    ]);
    expect(posts[0].authors).toEqual([{ key: 'ann', name: 'Ann Example', title: 'Writer', url: 'https://fixture.example/ann', imageUrl: '/img/ann.svg', order: 0 }]);
    expect(posts[1].authors).toEqual([{ name: 'Guest Writer', title: 'Guest', url: undefined, imageUrl: undefined }]);
    expect(posts[1].tags).toEqual(['news']);
  });
});

describe('front matter', () => {
  it('reports YAML syntax errors at their line in the file', () => {
    const split = splitFrontMatter('---\ntitle: ok\nslug: a: b\n---\nbody\n', 'content/docs/x.md');
    expect('diagnostic' in split && split.diagnostic).toMatchObject({ file: 'content/docs/x.md', line: 3, column: 7, ruleId: 'content/front-matter-syntax', message: 'Cannot parse front matter: Nested mappings are not allowed in compact mappings' });
  });

  it('reports an unclosed list, map or quote where it opens, not where the parser gave up', () => {
    const at = (yaml: string) => {
      const split = splitFrontMatter(`---\n${yaml}\n---\nbody\n`, 'content/docs/x.md');
      return 'diagnostic' in split ? [split.diagnostic.line, split.diagnostic.column, split.diagnostic.message] : 'parsed';
    };
    expect(at('title: ok\ndescription: [unclosed')).toEqual([3, 14,
      'Cannot parse front matter: the list `[` is never closed (the YAML parser stopped at line 3: Flow sequence in block collection must be sufficiently indented and end with a ])']);
    expect(at('title: A\ntags: [a, b\ndescription: x')).toEqual([3, 7,
      'Cannot parse front matter: the list `[` is never closed (the YAML parser stopped at line 4: Flow sequence in block collection must be sufficiently indented and end with a ])']);
    expect(at('author: {name: x\nslug: y')).toEqual([2, 9, expect.stringContaining('the map `{` is never closed')]);
    expect(at('title: "unclosed\ndescription: x')).toEqual([2, 8, expect.stringContaining('the quoted value `"` is never closed')]);
    expect(at("title: 'it''s\nslug: y")).toEqual([2, 8, expect.stringContaining("the quoted value `'` is never closed")]);
    // Apostrophes inside plain values, closed multi-line lists, comments and block scalars are fine.
    expect(at("title: It's fine # [not a list\ntags:\n  [a,\n   b]\ndescription: >\n  a [b and \"c\n")).toBe('parsed');
  });

  it('reports the outermost unclosed list when an inner one closed', () => {
    const split = splitFrontMatter('---\ntitle: A\ntags: [a, [b, c]\nslug: y\n---\nbody\n', 'content/docs/x.md');
    expect('diagnostic' in split && [split.diagnostic.line, split.diagnostic.column]).toEqual([3, 7]);
  });

  it('never runs front matter as code: `---js` is refused, not evaluated', () => {
    const marker = `ran-${Math.random()}`;
    const split = splitFrontMatter(`---js\n{ title: (globalThis.sitegenRan = '${marker}') }\n---\nbody\n`, 'content/docs/x.md');
    expect((globalThis as { sitegenRan?: string }).sitegenRan).toBeUndefined();
    expect('diagnostic' in split && split.diagnostic.message).toBe('Cannot parse front matter: front matter in JavaScript is not read, only YAML');
  });

  it('reads `---json` front matter (JSON is YAML) and refuses languages it has no reader for, with a message', () => {
    const json = splitFrontMatter('---json\n{"title": "A", "slug": "b"}\n---\nbody\n', 'content/docs/x.md');
    expect('diagnostic' in json ? json.diagnostic : json.data).toEqual({ title: 'A', slug: 'b' });
    const badJson = splitFrontMatter('---json\n{"title": "A"} x\n---\nbody\n', 'content/docs/x.md');
    expect('diagnostic' in badJson && [badJson.diagnostic.line, badJson.diagnostic.ruleId]).toEqual([2, 'content/front-matter-syntax']);
    const toml = splitFrontMatter('---toml\ntitle = "A"\n---\nbody\n', 'content/docs/x.md');
    expect('diagnostic' in toml && toml.diagnostic.message).toBe('Cannot parse front matter: front matter in `toml` is not read, only YAML');
  });

  it('reads dates as dates and finds key lines the way the parser reads keys (quoted, with comments before)', () => {
    const split = splitFrontMatter('---\n# a comment\n"title": Quoted key\ndate: 2021-03-08\nslug: x\n---\nbody\n', 'content/docs/x.md');
    if ('diagnostic' in split) throw new Error(split.diagnostic.message);
    expect(split.data.date).toEqual(new Date('2021-03-08T00:00:00Z'));
    expect([...split.keyLines]).toEqual([['title', 3], ['date', 4], ['slug', 5]]);
  });

  it('reports a value of the wrong type at the key line', () => {
    const split = splitFrontMatter('---\ntitle: ok\nsidebar_position: abc\n---\nbody\n', 'content/docs/x.md');
    if ('diagnostic' in split) throw new Error('unexpected syntax error');
    expect(split.lineOffset).toBe(4);
    const result = validateFrontMatter({ schema: docFrontMatterSchema, split, file: 'content/docs/x.md' });
    expect(result.diagnostics).toEqual([{
      file: 'content/docs/x.md', line: 3, column: 1, severity: 'error', ruleId: 'content/front-matter',
      message: 'Expected `sidebar_position` to be a number, got `"abc"`',
    }]);
  });

  it('strips number prefixes but keeps dates and bare numbers', () => {
    expect(stripNumberPrefix('01-intro')).toEqual({ name: 'intro', position: 1 });
    expect(stripNumberPrefix('10_setup')).toEqual({ name: 'setup', position: 10 });
    expect(stripNumberPrefix('2021-01-02-post')).toEqual({ name: '2021-01-02-post' });
    expect(stripNumberPrefix('404')).toEqual({ name: '404' });
  });
});
