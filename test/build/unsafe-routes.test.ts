import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeProblem } from '../../src/routes/route-safety.ts';
import { assertOutputPath, MemoryWriter } from '../../src/site/writer.ts';
import { runCli } from '../helpers/run-cli.ts';

// Untrusted Markdown (issue #37 › 1): a slug must never make the build write outside its output
// folder. The site lives in a temporary folder beside a `victim` folder that a slug climbing out
// of `build.tmp-…/` would reach; each kind of slug is tried in a site of its own.

let top: string;
const depth = '../'.repeat(12);

beforeAll(() => {
  top = mkdtempSync(path.join(os.tmpdir(), 'sitegen-unsafe-routes-'));
});
afterAll(() => rmSync(top, { recursive: true, force: true }));

/** A site under `top` with a home doc and the files given; returns its root and its victim folder. */
function site(name: string, files: Record<string, string>, config = "onBrokenLinks: 'ignore'"): { root: string; victim: string } {
  const root = path.join(top, name, 'site');
  const victim = path.join(top, name, 'victim');
  mkdirSync(victim, { recursive: true });
  writeFileSync(path.join(victim, 'victim.html'), 'original');
  const all: Record<string, string> = {
    'package.json': '{ "type": "module", "private": true }\n',
    'site.config.ts': `export default { title: 'Unsafe', url: 'https://unsafe.example', ${config} };\n`,
    'content/docs/index.md': '---\ntitle: Home\n---\n\nHome.\n',
    ...files,
  };
  for (const [rel, text] of Object.entries(all)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  }
  return { root, victim };
}

/** Every file below `dir`, relative. */
function filesBelow(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

/** `victim` is an absolute folder; the slug that reaches it from any output folder under `top`. */
const toVictim = (victim: string, leaf: string) => `${depth}${victim.slice(1)}/${leaf}`;

const cases: { name: string; files: (victim: string) => Record<string, string>; diagnostic: RegExp }[] = [
  {
    name: 'absolute doc slug',
    files: (victim) => ({ 'content/docs/a.md': `---\nslug: /${toVictim(victim, 'victim')}\n---\n\nA.\n` }),
    diagnostic: /^content\/docs\/a\.md:2:1 {2}error {2}Cannot use slug `\/(\.\.\/){12}.*victim`: its segment `\.\.` climbs out of the folder; the page is not written {2}routes\/unsafe-route$/m,
  },
  {
    name: 'relative doc slug',
    files: (victim) => ({ 'content/docs/guides/b.md': `---\ntitle: B\nslug: ${toVictim(victim, 'victim')}\n---\n\nB.\n` }),
    diagnostic: /^content\/docs\/guides\/b\.md:3:1 {2}error {2}Cannot use slug `(\.\.\/){12}.*` .*routes\/unsafe-route$/m,
  },
  {
    name: 'blog slug',
    files: (victim) => ({ 'content/blog/2024-01-02-post.md': `---\ntitle: Post\nslug: /${toVictim(victim, 'made/victim')}\n---\n\nPost.\n` }),
    diagnostic: /^content\/blog\/2024-01-02-post\.md:3:1 {2}error {2}Cannot use slug .*routes\/unsafe-route$/m,
  },
  {
    name: 'generated-index slug',
    files: (victim) => ({
      'content/docs/cat/_category_.json': JSON.stringify({ label: 'Cat', link: { type: 'generated-index', slug: `/${toVictim(victim, 'victim')}` } }),
      'content/docs/cat/page.md': '---\ntitle: Page\n---\n\nIn the category.\n',
    }),
    diagnostic: /^content\/docs\/cat\/_category_\.json:1:\d+ {2}error {2}Cannot use slug .*routes\/unsafe-route$/m,
  },
  {
    name: 'percent-encoded dots',
    files: (victim) => ({ 'content/docs/c.md': `---\nslug: /${toVictim(victim, 'victim').replaceAll('..', '%2e%2E')}\n---\n\nC.\n` }),
    diagnostic: /^content\/docs\/c\.md:2:1 {2}error {2}Cannot use slug .*`%2e%2E` \(`\.\.` once decoded\) climbs out of the folder.*routes\/unsafe-route$/m,
  },
  {
    name: 'backslashes',
    files: (victim) => ({ 'content/docs/d.md': `---\nslug: '/${toVictim(victim, 'victim').replaceAll('/', '\\')}'\n---\n\nD.\n` }),
    diagnostic: /^content\/docs\/d\.md:2:1 {2}error {2}Cannot use slug .*holds a path separator.*routes\/unsafe-route$/m,
  },
];

describe('a slug that climbs out of the output folder', () => {
  for (const c of cases) {
    it(`is an error at its line and writes nothing outside (${c.name})`, async () => {
      const name = c.name.replace(/\W+/g, '-');
      const victimDir = path.join(top, name, 'victim');
      const { root, victim } = site(name, c.files(victimDir));
      const result = await runCli(['build', '--root', root]);
      expect(result.output).toMatch(c.diagnostic);
      expect(result.code).toBe(1);
      // Nothing appeared or changed outside the site: the victim folder is as it was.
      expect(filesBelow(victim)).toEqual(['victim.html']);
      expect(readFileSync(path.join(victim, 'victim.html'), 'utf8')).toBe('original');
      expect(filesBelow(path.join(top, name)).filter((f) => !f.startsWith('site/') && !f.startsWith('victim/'))).toEqual([]);
      expect(existsSync(path.join(root, 'build'))).toBe(false);
    });
  }

  it('is an error in a sidebars file category, at the slug', async () => {
    const victimDir = path.join(top, 'sidebars', 'victim');
    const sidebars = `module.exports = {\n  main: [\n    'index',\n    { type: 'category', label: 'Cat', link: { type: 'generated-index', slug: '/${toVictim(victimDir, 'victim')}' }, items: [] },\n  ],\n};\n`;
    const { root, victim } = site('sidebars', { 'sidebars.cjs': sidebars }, "onBrokenLinks: 'ignore', docs: { sidebarPath: 'sidebars.cjs' }");
    const result = await runCli(['build', '--root', root]);
    expect(result.output).toMatch(/^sidebars\.cjs:4:\d+ {2}error {2}Cannot use slug `.*` of category "Cat" in .*: its segment `\.\.` climbs out of the folder; the page is not written {2}routes\/unsafe-route$/m);
    expect(result.code).toBe(1);
    expect(filesBelow(victim)).toEqual(['victim.html']);
  });
});

describe('routeProblem', () => {
  it('accepts plain routes and refuses dot segments, separators and controls, decoded once', () => {
    for (const ok of ['/', '/a/b', '/a.b/c..d', '/100%-sure', '/%252e%252e', '/ünïcode/ok', '/a%20b']) expect(routeProblem(ok), ok).toBeUndefined();
    for (const bad of ['/..', '/a/../b', '/./a', '/%2e%2e/x', '/%2E./x', '/a%2fb', '/a%5cb', '/a\\b', '/a%00b', '/a\u0007b']) expect(routeProblem(bad), bad).toBeDefined();
  });
});

describe('the writers', () => {
  it('refuse an output path that escapes, whoever asks', async () => {
    for (const bad of ['../x.html', 'a/../../x.html', '/etc/x.html', '', 'a\0b']) expect(() => assertOutputPath(bad), bad).toThrow(/outside the output folder/);
    expect(assertOutputPath('a/b.html')).toBe('a/b.html');
    await expect(new MemoryWriter().write('../x.html', 'x')).rejects.toThrow(/Internal error/);
  });
});
