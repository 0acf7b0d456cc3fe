import { describe, expect, it } from 'vitest';
import { formatDiagnostic } from '../../src/diagnostics/format-diagnostic.ts';
import type { DocSource } from '../../src/model.ts';
import { resolveSidebars } from '../../src/routes/resolve-sidebars.ts';

// Issue 28 › 3: a sidebars problem is placed at the item it is about, found by following the
// item's key path in the file's syntax tree: not at the first place its text appears.
const doc = (id: string) => ({ file: `content/docs/${id}.md`, dir: id.split('/').slice(0, -1), id, route: `/${id}`, title: id, sidebarLabel: id, description: '', keywords: [], hideTableOfContents: false, draft: false, body: '', lineOffset: 0 }) as unknown as DocSource;
const docs = [doc('intro'), doc('guides/setup')];

/** The diagnostics of `file` (its text and the value it exports), printed without hints. */
function problems(file: string, text: string, value: unknown): string[] {
  const { diagnostics } = resolveSidebars({ source: { file, text, value }, docs, categories: [], routeBasePath: '/' });
  return diagnostics.map((d) => formatDiagnostic({ ...d, hint: undefined }));
}

describe('sidebars problems are placed by key path', () => {
  it('in a JavaScript file: each unknown id at its own item, past comments and repeats', () => {
    const text = [
      "// 'guides/setpu' was renamed",
      'const guides = [',
      "  'guides/setpu',",
      '];',
      'module.exports = {',
      "  main: ['intro', { type: 'category', label: 'Guides', link: { type: 'doc', id: 'guides/setpu' }, items: guides }],",
      "  other: [{ type: 'doc', id: 'guides/setpu' }, { type: 'magic' }],",
      '};',
    ].join('\n');
    const guides = ['guides/setpu'];
    const value = {
      main: ['intro', { type: 'category', label: 'Guides', link: { type: 'doc', id: 'guides/setpu' }, items: guides }],
      other: [{ type: 'doc', id: 'guides/setpu' }, { type: 'magic' }],
    };
    expect(problems('sidebars.js', text, value)).toEqual([
      'sidebars.js:6:77  error  Sidebar `main` › "Guides" (link) refers to doc id `guides/setpu`, which does not exist  sidebars/unknown-doc',
      'sidebars.js:3:3  error  Sidebar `main` › "Guides" refers to doc id `guides/setpu`, which does not exist  sidebars/unknown-doc',
      'sidebars.js:7:26  error  Sidebar `other` refers to doc id `guides/setpu`, which does not exist  sidebars/unknown-doc',
      'sidebars.js:7:50  error  Unknown sidebar item type "magic" in `other`  sidebars/invalid-item',
    ]);
  });

  it('in a JSON file, and in the object shorthand', () => {
    const value = { main: ['intro', { Guides: ['intro', 'nope'] }], other: ['nope'] };
    const text = JSON.stringify(value, null, 2);
    expect(problems('sidebars.json', text, value)).toEqual([
      'sidebars.json:7:9  error  Sidebar `main` › "Guides" refers to doc id `nope`, which does not exist  sidebars/unknown-doc',
      'sidebars.json:12:5  error  Sidebar `other` refers to doc id `nope`, which does not exist  sidebars/unknown-doc',
    ]);
  });

  it('at the nearest enclosing value when the item is computed at run time', () => {
    const text = "export default {\n  main: ['intro', ...extra],\n};\n";
    expect(problems('sidebars.ts', text, { main: ['intro', 'gone'] })).toEqual([
      'sidebars.ts:2:3  error  Sidebar `main` refers to doc id `gone`, which does not exist  sidebars/unknown-doc',
    ]);
  });
});
