import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { themeSourceOf, withThemeSources } from '../../src/render/theme-source-map.ts';
import { bundleForNodeWithMap, writeCachedModule } from '../../src/util/bundle-for-node.ts';
import { CACHE_DIR } from '../../src/util/package-root.ts';

const site = mkdtempSync(path.join(CACHE_DIR, 'theme-map-'));
const bundles: string[] = [];
afterAll(() => {
  rmSync(site, { recursive: true, force: true });
  for (const file of bundles) for (const f of [file, `${file}.map`]) rmSync(f, { force: true });
});

/** Bundles `files` (the first is the entry) as the theme's server bundle is, with its map; returns the module and its file. */
async function load(files: Record<string, string>) {
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(site, name), text);
  const { code, map } = await bundleForNodeWithMap({ entry: path.join(site, Object.keys(files)[0]), absWorkingDir: site });
  const bundle = await writeCachedModule('theme-map-test', code, map);
  bundles.push(bundle);
  return { mod: (await import(pathToFileURL(bundle).href)) as { render(x: unknown): string }, bundle };
}

describe('withThemeSources', () => {
  it('maps the bundle\'s frames of a thrown error to the theme\'s files, and gives the first as its source', async () => {
    const { mod, bundle } = await load({
      'entry.ts': "import { card } from './card.ts';\n\nexport function render(x: unknown): string {\n  return card(x as { title: string });\n}\n",
      'card.ts': "export function card(props: { title: string }): string {\n  const title: string = props.title.toUpperCase();\n  return `<h2>${title}</h2>`;\n}\n",
    });
    const render = withThemeSources(mod.render, { bundle, siteRoot: site });
    expect(render({ title: 'ok' })).toBe('<h2>OK</h2>');
    let error: unknown;
    try {
      render({});
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(TypeError);
    expect(themeSourceOf(error)).toEqual({ file: 'card.ts', line: 2, column: 37 });
    expect((error as Error).stack!.split('\n').slice(1, 3)).toEqual(['    at card (card.ts:2:37)', '    at render (entry.ts:4:10)']);
  });

  // Under a loader such as tsx, frames name the bundle by path, not by file URL; with Node's
  // `--enable-source-maps` they already name the theme's files. Both were reported at the page's
  // Markdown file (issue #38 › 5).
  it('maps frames that name the bundle by path, and takes frames Node has already mapped', async () => {
    const { mod, bundle } = await load({
      'entry2.ts': "import { card } from './card2.ts';\n\nexport function render(): string {\n  return card();\n}\n",
      'card2.ts': "export function card(): string {\n  throw new Error('card exploded');\n}\n",
    });
    const url = pathToFileURL(bundle).href;
    const rethrow = (rewrite: (stack: string) => string) => withThemeSources(() => {
      try {
        mod.render(null);
      } catch (e) {
        (e as Error).stack = rewrite((e as Error).stack!);
        throw e;
      }
      return '';
    }, { bundle, siteRoot: site });
    const caught = (fn: () => unknown) => {
      try {
        fn();
      } catch (e) {
        return e as Error;
      }
      throw new Error('expected a throw');
    };
    const byPath = caught(rethrow((stack) => stack.split(url).join(bundle)));
    expect(themeSourceOf(byPath)).toEqual({ file: 'card2.ts', line: 2, column: 9 });
    expect(byPath.stack!.split('\n')[1]).toBe('    at card (card2.ts:2:9)');
    const mapped = caught(rethrow(() => `Error: card exploded\n    at card (${path.join(site, 'card2.ts')}:2:9)\n    at render (${path.join(site, 'entry2.ts')}:4:10)`));
    expect(themeSourceOf(mapped)).toEqual({ file: 'card2.ts', line: 2, column: 9 });
  });

  it('leaves an error alone when the bundle has no map, and knows no source for other errors', async () => {
    const { mod, bundle } = await load({ 'plain.ts': 'export function render(): string {\n  throw new Error(\'plain\');\n}\n' });
    rmSync(`${bundle}.map`);
    const render = withThemeSources(mod.render, { bundle, siteRoot: site });
    expect(() => render(null)).toThrow('plain');
    try {
      render(null);
    } catch (e) {
      expect(themeSourceOf(e)).toBeUndefined();
      expect((e as Error).stack).toContain(pathToFileURL(bundle).href);
    }
    expect(themeSourceOf(new Error('x'))).toBeUndefined();
    expect(themeSourceOf('x')).toBeUndefined();
  });
});
