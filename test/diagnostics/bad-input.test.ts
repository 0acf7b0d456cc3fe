import { chmodSync, cpSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, type SiteCopy } from '../helpers/copy-fixture.ts';
import { runCli } from '../helpers/run-cli.ts';
import { snapshotDir } from '../helpers/site-snapshot.ts';

// The bad-input catalogue: each case breaks one thing in a copy of a site that built cleanly,
// runs the real CLI, and checks the exact diagnostic line, the exit code and that a failed
// build left the previous build/ untouched.
let base: SiteCopy;
let goodBuild: Record<string, string>;
const copies: string[] = [];

beforeAll(async () => {
  base = copyFixture('errors-site');
  const result = await runCli(['--root', base.root, 'build']);
  expect(result.code, result.output).toBe(0);
  goodBuild = snapshotDir(path.join(base.root, 'build'));
  expect(Object.keys(goodBuild)).toContain('guide.html');
});

afterAll(() => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
  base?.cleanup();
});

/** A copy of the built base site, with `change` applied, built again through the CLI. */
async function rebuildAfter(change: (site: { root: string; write(rel: string, text: string | Uint8Array): void; remove(rel: string): void }) => void) {
  const root = `${base.root}-case-${copies.length}`;
  copies.push(root);
  cpSync(base.root, root, { recursive: true });
  const abs = (rel: string) => path.join(root, rel);
  change({
    root,
    write: (rel, text) => {
      mkdirSync(path.dirname(abs(rel)), { recursive: true });
      writeFileSync(abs(rel), text);
    },
    remove: (rel) => rmSync(abs(rel), { recursive: true, force: true }),
  });
  const result = await runCli(['--root', root, 'build']);
  return { ...result, root, build: () => snapshotDir(abs('build')), leftovers: () => readdirSync(root).filter((f) => /^build\.(tmp|old)-/.test(f)) };
}

/** Runs a case that must fail: exit 1, these lines printed, build/ as it was. */
async function expectFailure(change: Parameters<typeof rebuildAfter>[0], lines: string[]) {
  const run = await rebuildAfter(change);
  for (const line of lines) expect(run.stderr).toContain(line);
  expect(run.code, run.output).toBe(1);
  // Every bad input is a diagnostic; none reaches the crash handler.
  expect(run.output).not.toContain('Internal error');
  expect(run.build()).toEqual(goodBuild);
  expect(run.leftovers()).toEqual([]);
  return run;
}

const frontMatter = (yaml: string, body = 'Some text.\n') => `---\n${yaml}\n---\n\n${body}`;

const isRoot = process.getuid?.() === 0;

describe('bad input', () => {
  it('malformed YAML front matter', async () => {
    await expectFailure((s) => s.write('content/docs/guide.md', frontMatter('title: Guide\nsidebar_label: [Guide')), [
      // The parser notices the unclosed `[` only where the YAML ends: the opener is reported.
      'content/docs/guide.md:3:16  error  Cannot parse front matter: the list `[` is never closed (the YAML parser stopped at line 3: Flow sequence in block collection must be sufficiently indented and end with a ])  content/front-matter-syntax\n'
      + '  hint: Front matter is YAML between two `---` lines; quote values that contain `:` or start with a special character.',
    ]);
  });

  it('a front-matter value of the wrong type', async () => {
    await expectFailure((s) => s.write('content/docs/guide.md', frontMatter('title: Guide\nsidebar_position: abc')), [
      'content/docs/guide.md:3:1  error  Expected `sidebar_position` to be a number, got `"abc"`  content/front-matter',
    ]);
  });

  it('a blog file name that is not a date', async () => {
    await expectFailure((s) => s.write('content/blog/hello-world.md', frontMatter('title: Hi')), [
      'content/blog/hello-world.md  error  Cannot determine the post date  content/post-date\n'
      + '  hint: Name the file `YYYY-MM-DD-slug.md` or add `date: YYYY-MM-DD` to the front matter.',
    ]);
    await expectFailure((s) => s.write('content/blog/2024-13-45-oops.md', frontMatter('title: Hi')), [
      'content/blog/2024-13-45-oops.md  error  Expected a real date in the file name, got `2024-13-45`  content/post-date\n'
      + '  hint: Name posts `YYYY-MM-DD-slug.md` with a valid calendar date.',
    ]);
  });

  it('a `date` that is not a date', async () => {
    await expectFailure((s) => s.write('content/blog/2024-02-01-x.md', frontMatter('title: Hi\ndate: next tuesday')), [
      'content/blog/2024-02-01-x.md:3:1  error  Expected `date` to be a date like `2021-03-08`, got `"next tuesday"`  content/post-date\n'
      + '  hint: Write it as `date: YYYY-MM-DD`, or remove it to use the date in the file name.',
    ]);
  });

  it('a `date` the calendar does not have, written plain or quoted', async () => {
    // It used to roll over silently: 2024-02-30 became 1 March. It still does, as in Docusaurus, but fails the build (`onImpossibleDates`).
    await expectFailure((s) => s.write('content/blog/2024-02-01-x.md', frontMatter('title: Hi\ndate: 2024-02-30')), [
      'content/blog/2024-02-01-x.md:3:7  error  `2024-02-30` is not a day of the calendar: it is read as 2024-03-01, as Docusaurus reads it  content/impossible-date\n'
      + '  hint: Write the day you mean. `onImpossibleDates: \'warn\'` in the config lets the build go on (a Docusaurus config sets it).',
    ]);
    await expectFailure((s) => s.write('content/blog/2024-02-01-x.md', frontMatter('title: Hi\ndate: "2023-13-01"')), [
      'content/blog/2024-02-01-x.md:3:1  error  Expected `date` to be a date like `2021-03-08`, got `"2023-13-01"`  content/post-date\n'
      + '  hint: Write it as `date: YYYY-MM-DD`, or remove it to use the date in the file name.',
    ]);
  });

  const duplicate = 'content/docs/guide/index.md  SEVERITY  Cannot create route `/guide` twice: `content/docs/guide.md` already uses it; this page is skipped  routes/duplicate\n'
    + '  hint: Give one of the two a different `slug` in its front matter (setting: `onDuplicateRoutes`).';

  it('two docs with the same route: a warning naming both files', async () => {
    const run = await rebuildAfter((s) => {
      s.write('content/docs/guide/index.md', frontMatter('title: Second guide'));
    });
    expect(run.code, run.output).toBe(0);
    expect(run.stderr).toContain(duplicate.replace('SEVERITY', 'warning'));
    expect(run.build()).not.toEqual(goodBuild);
  });

  it('two docs with the same route and onDuplicateRoutes: throw', async () => {
    await expectFailure((s) => {
      s.write('content/docs/guide/index.md', frontMatter('title: Second guide'));
      s.write('site.config.ts', readConfig(s.root).replace("url: 'https", "onDuplicateRoutes: 'throw',\n  url: 'https"));
    }, [duplicate.replace('SEVERITY', 'error')]);
  });

  it('a `slug` that takes another page\'s route: reported at the `slug` line', async () => {
    await expectFailure((s) => {
      s.write('content/docs/other.md', frontMatter('title: Other\nslug: /guide'));
      s.write('site.config.ts', readConfig(s.root).replace("url: 'https", "onDuplicateRoutes: 'throw',\n  url: 'https"));
    }, ['content/docs/other.md:3:1  error  Cannot create route `/guide` twice: `content/docs/guide.md` already uses it; this page is skipped  routes/duplicate']);
  });

  it('a `_category_.json` that is not JSON, or has a bad value: at the line', async () => {
    await expectFailure((s) => s.write('content/docs/reference/_category_.json', '{\n  "label": "Reference",\n  "position": 2,\n}\n'), [
      'content/docs/reference/_category_.json:4:1  error  Cannot parse `_category_.json`: ',
    ]);
    await expectFailure((s) => s.write('content/docs/reference/_category_.json', '{\n  "label": "Reference",\n  "position": "second"\n}\n'), [
      'content/docs/reference/_category_.json:3:3  error  Expected a valid `position`: ',
    ]);
  });

  it('a `.mdx` doc importing what cannot be resolved: at the import, the previous build kept', async () => {
    await expectFailure((s) => s.write('content/docs/widget.mdx', frontMatter('title: Widget', 'import X from "x";\n\n<X />\n')), [
      'content/docs/widget.mdx:5:15  error  Cannot resolve `x`  import/unresolved\n',
    ]);
  });

  it('no site.config.ts', async () => {
    const run = await expectFailure((s) => s.remove('site.config.ts'), []);
    expect(run.stderr).toContain(`site.config.ts  error  Cannot find \`site.config.ts\` in \`${run.root}\`  config/missing\n`
      + '  hint: Create it with `export default defineConfig({ title, url })`, or pass `--root` pointing at the site folder (a Docusaurus site\'s `docusaurus.config.js` is read too).');
  });

  it('a misspelt config key, with a did-you-mean at its line', async () => {
    await expectFailure((s) => s.write('site.config.ts', readConfig(s.root).replace('url:', 'ulr:')), [
      'site.config.ts:6:3  error  ulr: unknown key; did you mean `url`?  config/invalid',
      'site.config.ts  error  url: expected string, got nothing  config/invalid',
    ]);
  });

  it.each(['0', 'two', '-1', '1.5'])('SITEGEN_THREADS=%s: a diagnostic for every command, never a crash, build/ kept', async (value) => {
    // Issue 17 › 2: a bad environment variable, however warm the caches (nothing may read it).
    for (const args of [['--root', base.root, 'build'], ['--root', base.root, 'build', '--no-cache'], ['--root', base.root, 'check-links']]) {
      const run = await runCli(args, { env: { SITEGEN_THREADS: value } });
      expect(run.code, run.output).toBe(1);
      expect(run.stderr).toContain(`environment  error  Expected \`SITEGEN_THREADS\` to be a whole number ≥ 1, got \`${value}\`  env/threads`);
      expect(run.output).not.toContain('Internal error');
    }
    expect(snapshotDir(path.join(base.root, 'build'))).toEqual(goodBuild);
  });

  it('a syntax error in site.config.ts, at its line and column', async () => {
    await expectFailure((s) => s.write('site.config.ts', readConfig(s.root).replace("title: 'Errors Fixture',", "title: 'Errors Fixture',,")), [
      'site.config.ts:5:27  error  Cannot load `site.config.ts`: Expected identifier but found ","  config/load',
      '  hint: Fix the error above; the file must be valid TypeScript.',
    ]);
  });

  it('a config that imports TypeScript helpers works outside a "type": "module" package', async () => {
    const run = await rebuildAfter((s) => {
      s.remove('package.json');
      s.write('site-title.ts', "export const siteTitle: string = 'Errors Fixture';\n");
      s.write('site.config.ts', `import { siteTitle } from './site-title.ts';\n${readConfig(s.root).replace("title: 'Errors Fixture',", 'title: siteTitle,')}`);
    });
    expect(run.code, run.output).toBe(0);
    expect(readdirSync(run.root).filter((f) => f.includes('.timestamp-'))).toEqual([]);
  });

  it('a link to a missing page, with a did-you-mean', async () => {
    await expectFailure((s) => s.write('content/docs/index.md', frontMatter('title: Home', 'See [setup](/guid).\n')), [
      'content/docs/index.md:5:5  error  Cannot find page `/guid`; did you mean `/guide`?  links/missing-page\n'
      + '  hint: Fix the link, or set `onBrokenLinks` in site.config.ts.',
    ]);
  });

  it('an anchor to a missing heading', async () => {
    await expectFailure((s) => s.write('content/docs/index.md', frontMatter('title: Home', 'See [setup](/guide#setpu).\n')), [
      'content/docs/index.md:5:5  error  Cannot find heading `#setpu` on page `/guide`; did you mean `#setup`?  links/missing-anchor',
    ]);
  });

  it('an image that does not exist', async () => {
    await expectFailure((s) => s.write('content/docs/index.md', frontMatter('title: Home', 'Look:\n\n![Map](./img/map.png)\n\n![Logo](/img/logoo.svg)\n')), [
      'content/docs/index.md:7:1  error  Cannot find image `./img/map.png`  links/missing-image',
      'content/docs/index.md:9:1  error  Cannot find image `/img/logoo.svg`  links/missing-image',
    ]);
  });

  it('a file that is not UTF-8', async () => {
    // `Café` in Latin-1: the é is the single byte 0xE9, invalid in UTF-8.
    const latin1 = Buffer.concat([Buffer.from('---\ntitle: Guide\n---\n\nCaf'), Buffer.from([0xe9]), Buffer.from(' au lait.\n')]);
    await expectFailure((s) => s.write('content/docs/guide.md', latin1), [
      'content/docs/guide.md:5:4  error  Expected UTF-8 text, found an invalid byte sequence  content/encoding\n'
      + '  hint: Re-save the file as UTF-8 (most editors: "Save with encoding").',
    ]);
  });

  it('an unreadable file: a broken symbolic link', async () => {
    await expectFailure((s) => symlinkSync('nowhere.md', path.join(s.root, 'content/docs/linked.md')), [
      'content/docs/linked.md  error  Cannot read the file: it does not exist (a broken symbolic link?) (ENOENT)  content/unreadable\n'
      + '  hint: Point the link at an existing file, or delete it.',
    ]);
  });

  // root reads any file whatever its mode, so chmod cannot make one unreadable; the symbolic
  // link case above goes through the same reader and the same diagnostic.
  it.skipIf(isRoot)('an unreadable file: no read permission (skipped as root, which can read any file)', async () => {
    await expectFailure((s) => chmodSync(path.join(s.root, 'content/docs/guide.md'), 0o000), [
      'content/docs/guide.md  error  Cannot read the file: permission denied (EACCES)  content/unreadable\n'
      + '  hint: Check the file permissions (`chmod a+r`), or move the file out of the content folder.',
    ]);
  });

  it('a theme override whose component throws, or that lacks the export a later part loads: at the page', async () => {
    const cases: [string, string, RegExp][] = [
      ['theme/docs/breadcrumbs.tsx', 'export function Breadcrumbs(): never {\n  throw new Error(\'crumbs exploded\');\n}\n', /with the theme: crumbs exploded {2}theme\/render\n/],
      // The footer is hydrated later (theme/layout/later-parts.tsx): on the server its error would
      // be left to the browser by its Suspense boundary; it must be reported all the same.
      ['theme/layout/footer.tsx', 'export const Other = 1;\n', /with the theme: Cannot show `Footer`: the theme's `layout\/footer\.tsx` does not export it {2}theme\/render\n/],
      ['theme/layout/footer.tsx', 'export function Footer(): never {\n  throw new Error(\'footer exploded\');\n}\n', /with the theme: footer exploded {2}theme\/render\n/],
    ];
    for (const [file, code, message] of cases) {
      const run = await rebuildAfter((s) => s.write(file, code));
      // At the theme file's line when the error came from the theme's code, naming the page's Markdown file.
      expect(run.stderr, file).toMatch(new RegExp(`\\n?[\\w/.:-]+  error  Cannot render \`/[^\`]*\`(?: from \`[^\`]+\`)? ${message.source}`));
      expect(run.stderr).toContain('  hint: A component of the theme threw while rendering this page: check the files the site overrides in `theme/` first.');
      expect(run.code, run.output).toBe(1);
      expect(run.output).not.toContain('Internal error');
      expect(run.build()).toEqual(goodBuild);
      expect(run.leftovers()).toEqual([]);
    }
  });

  it('an empty Markdown file: skipped with a warning, the build goes on', async () => {
    const run = await rebuildAfter((s) => s.write('content/docs/empty.md', ''));
    expect(run.code, run.output).toBe(0);
    expect(run.stderr).toContain('content/docs/empty.md  warning  Expected Markdown content, found an empty file; it is skipped  content/empty-file\n'
      + '  hint: Add a front matter `title` and some text, or delete the file.');
    expect(Object.keys(run.build())).not.toContain('empty.html');
  });
});

function readConfig(root: string): string {
  return readFileSync(path.join(root, 'site.config.ts'), 'utf8');
}
