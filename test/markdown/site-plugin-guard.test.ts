import { unified, type Plugin } from 'unified';
import remarkParse from 'remark-parse';
import { describe, expect, it } from 'vitest';
import { SitegenError } from '../../src/diagnostics/sitegen-error.ts';
import { guardSitePlugins, originalPlugin } from '../../src/markdown/site-plugin-guard.ts';

// A site's plugin that throws as the processor is set up is the site's error, said once with the
// plugin, its place in the config and what to do (it was "Internal error: sitegen crashed").

const freeze = (lists: ReturnType<typeof guardSitePlugins>) => unified().use(remarkParse).use(lists.remarkPlugins ?? []).freeze();

describe('guarding the site’s plugins', () => {
  it('names a plugin that throws while set up, where the config lists it, and the config file', () => {
    function needsOptions(options?: { compilerOptions?: object }) {
      Object.keys(options!.compilerOptions!);
    }
    const lists = guardSitePlugins({ remarkPlugins: [() => undefined, [needsOptions, {}]] }, 'docusaurus.config.ts');
    let thrown: unknown;
    try { freeze(lists); } catch (error) { thrown = error; }
    expect(thrown).toBeInstanceOf(SitegenError);
    const [d] = (thrown as SitegenError).diagnostics;
    expect(d).toMatchObject({ file: 'docusaurus.config.ts', severity: 'error', ruleId: 'config/markdown-plugin' });
    expect(d.message).toBe('Cannot set up the Markdown plugin `needsOptions` (`remarkPlugins[1]`): it threw TypeError: Cannot convert undefined or null to object');
    expect(d.hint).toContain('give it the options its documentation asks for, or take it out of the list');
    expect((thrown as SitegenError).cause).toBeInstanceOf(TypeError);
  });

  it('names a minified plugin by the package it threw from', () => {
    const minified = [function () {
      const error = new TypeError("Cannot read properties of undefined (reading 'readFile')");
      error.stack = `${error.message}\n    at new e (/site/node_modules/@tools/remark-docblocks/dist/index.min.js:1:2013)\n    at exports.x (/site/node_modules/@tools/remark-docblocks/dist/index.min.js:1:8083)`;
      throw error;
    }][0]!;
    Object.defineProperty(minified, 'name', { value: '' });
    expect(() => freeze(guardSitePlugins({ remarkPlugins: [minified] }, 'site.config.ts')))
      .toThrow("Cannot set up the Markdown plugin of `@tools/remark-docblocks` (`remarkPlugins[0]`): it threw TypeError: Cannot read properties of undefined (reading 'readFile')");
  });

  it('names no package for a plugin of the site\'s own config, bundled in a cache folder of node_modules', () => {
    function fromConfig() {
      const error = new Error('no options');
      error.stack = `Error: no options\n    at fromConfig (/site/node_modules/.cache/sitegen/config/site.config.mjs:12:3)`;
      throw error;
    }
    expect(() => freeze(guardSitePlugins({ remarkPlugins: [fromConfig] }, 'site.config.ts')))
      .toThrow('Cannot set up the Markdown plugin `fromConfig` (`remarkPlugins[0]`): it threw Error: no options');
  });

  it('leaves working plugins as they were: the same options, the same transform, one guard for a plugin listed twice', () => {
    const seen: unknown[] = [];
    const count: Plugin<[{ n: number }?]> = function (options) {
      seen.push(options);
      return (tree) => { (tree as { data?: object }).data = { counted: options?.n }; };
    };
    const lists = guardSitePlugins({ remarkPlugins: [[count, { n: 1 }], [count, { n: 2 }]], rehypePlugins: undefined }, 'site.config.ts');
    const [[a], [b]] = lists.remarkPlugins as unknown as [Plugin][];
    expect(a).toBe(b);
    expect(originalPlugin(a)).toBe(count);
    expect(a!.name).toBe('count');
    const processor = freeze(lists);
    // unified merges the options of a plugin used twice (the last wins), as without the guard.
    expect(seen).toEqual([{ n: 2 }]);
    expect((processor.runSync(processor.parse('text')) as { data?: object }).data).toEqual({ counted: 2 });
    expect(lists.rehypePlugins).toBeUndefined();
  });
});
