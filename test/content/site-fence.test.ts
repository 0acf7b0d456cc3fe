import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteFence, fenceProblem } from '../../src/content/site-fence.ts';
import { runCli } from '../helpers/run-cli.ts';

// Untrusted content (issue #37 › 2): a symbolic link under the site, or an image path, that
// leads outside the site folder must not make the build read the file it leads to, let alone
// publish it. The "outside" folder holds a secret; no output file may contain it.

const SECRET = 'SECRET-TOKEN-0d1f5c';
let top: string;
let root: string;
let outside: string;

/** Every output file's text, concatenated (a secret anywhere in the output is a leak). */
function allOutput(dir: string): string {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => readFileSync(path.join(e.parentPath, e.name), 'latin1'))
    .join('\n');
}

function write(rel: string, text: string): void {
  mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  writeFileSync(path.join(root, rel), text);
}

function link(rel: string, target: string): void {
  mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  symlinkSync(target, path.join(root, rel));
}

beforeAll(() => {
  top = mkdtempSync(path.join(os.tmpdir(), 'sitegen-fence-'));
  root = path.join(top, 'site');
  outside = path.join(top, 'outside');
  mkdirSync(outside, { recursive: true });
  writeFileSync(path.join(outside, 'secret.md'), `---\ntitle: Secret\n---\n\n${SECRET}\n`);
  writeFileSync(path.join(outside, 'secret.png'), SECRET);
  writeFileSync(path.join(outside, 'category.json'), JSON.stringify({ label: SECRET }));
  writeFileSync(path.join(outside, 'authors.yml'), `ann:\n  name: ${SECRET}\n`);
  writeFileSync(path.join(outside, 'sidebars.json'), JSON.stringify({ main: ['index', SECRET] }));
  writeFileSync(path.join(outside, 'game.yml'), `token: ${SECRET}\n`);

  write('package.json', '{ "type": "module", "private": true }\n');
  write('site.config.ts', "export default { title: 'Fence', url: 'https://fence.example', docs: { sidebarPath: 'sidebars.json' } };\n");
  write('content/docs/index.md', '---\ntitle: Home\n---\n\nThe token is :fact[game.token].\n\n![Picture](../../../outside/secret.png)\n\n![Linked](./linked.png)\n');
  link('content/docs/env.md', path.join(outside, 'secret.md'));
  link('content/docs/linked.png', path.join(outside, 'secret.png'));
  link('content/docs/cat/_category_.json', path.join(outside, 'category.json'));
  write('content/docs/cat/inside.md', '---\ntitle: Inside\n---\n\nInside.\n');
  link('content/blog/2024-01-01-post.md', path.join(outside, 'secret.md'));
  link('content/blog/authors.yml', path.join(outside, 'authors.yml'));
  link('sidebars.json', path.join(outside, 'sidebars.json'));
  link('content/data/game.yml', path.join(outside, 'game.yml'));
});
afterAll(() => rmSync(top, { recursive: true, force: true }));

describe('a site whose files link outside it', () => {
  it('refuses each file at its path, and nothing outside reaches the output', async () => {
    const result = await runCli(['build', '--root', root, '--out-dir', path.join(top, 'out')]);
    expect(result.code).toBe(1);
    const outsideRE = (file: string) => new RegExp(`^${file.replace(/[.]/g, '\\.')}(:\\d+:\\d+)? {2}error {2}Cannot read the (?:file|sidebars file): it links to \`${outside}/[^\`]+\`, outside the site folder {2}content/outside-site$`, 'm');
    for (const file of ['content/docs/env.md', 'content/docs/cat/_category_.json', 'content/blog/2024-01-01-post.md', 'content/blog/authors.yml', 'sidebars.json']) {
      expect(result.output, file).toMatch(outsideRE(file));
    }
    expect(result.output).toMatch(/hint: Move the file into the site folder, or list the folder it is in under `allowedOutsideFolders` in site.config.ts\./);
    expect(result.output).not.toContain(SECRET);
  });

  it('refuses what Markdown pulls in from outside: a data file, a `../` image, an image link', async () => {
    for (const rel of ['content/docs/env.md', 'content/docs/cat/_category_.json', 'content/blog', 'sidebars.json']) rmSync(path.join(root, rel), { recursive: true });
    write('site.config.ts', "export default { title: 'Fence', url: 'https://fence.example' };\n");
    const result = await runCli(['build', '--root', root, '--out-dir', path.join(top, 'out')]);
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/^content\/docs\/index\.md:\d+:\d+ {2}error {2}Cannot read `content\/data\/game\.yml`: it links to .*outside the site folder {2}markdown\/data-source$/m);
    expect(result.output).toMatch(/^content\/docs\/index\.md:\d+:\d+ {2}error {2}Cannot find image `\.\.\/\.\.\/\.\.\/outside\/secret\.png` {2}links\/missing-image$/m);
    expect(result.output).toMatch(/^content\/docs\/index\.md:\d+:\d+ {2}error {2}Cannot find image `\.\/linked\.png` {2}links\/missing-image$/m);
    expect(result.output).not.toContain(SECRET);
  });

  it('reads them when the config allows that folder', async () => {
    write('site.config.ts', "export default { title: 'Fence', url: 'https://fence.example', allowedOutsideFolders: ['../outside'], onBrokenLinks: 'ignore' };\n");
    link('content/docs/env.md', path.join(outside, 'secret.md'));
    const result = await runCli(['build', '--root', root, '--out-dir', path.join(top, 'allowed')]);
    expect(result.output).not.toMatch(/outside-site|missing-image|data-source/);
    // Allowed, the secret is content like any other: the page, the image copy and the fact show it.
    expect(allOutput(path.join(top, 'allowed'))).toContain(SECRET);
  });
});

describe('fenceProblem', () => {
  it('judges the path as written and with its links followed', () => {
    const fence = createSiteFence({ root });
    expect(fenceProblem(fence, path.join(root, 'content/docs/index.md'))).toBeUndefined();
    expect(fenceProblem(fence, path.join(root, 'content/docs/../../../outside/secret.md'))).toMatch(/is outside the site folder/);
    expect(fenceProblem(fence, path.join(root, 'content/docs/env.md'))).toMatch(/it links to `.*secret\.md`, outside the site folder/);
    // A missing file is for the reader to report.
    expect(fenceProblem(fence, path.join(root, 'content/docs/nope.md'))).toBeUndefined();
    expect(fenceProblem(createSiteFence({ root, allowedOutsideFolders: ['../outside'] }), path.join(root, 'content/docs/env.md'))).toBeUndefined();
  });
});
