import { describe, expect, it } from 'vitest';
import { createSourceTree } from '../../src/util/source-position.ts';

const config = `import { defineConfig } from 'sitegen';

// to: '/not-here' is a comment
const footer = [{ title: 'Docs', items: [{ label: 'Intro', to: '/intro' }] }];

export default defineConfig({
  title: 'Site',
  navbar: {
    items: [
      { label: 'Guide', to: '/guide' },
      { label: 'API', "to": \`/api\` },
    ],
  },
  footer: { links: footer },
} satisfies object);
`;

describe('createSourceTree', () => {
  const tree = createSourceTree('site.config.ts', config);

  it('follows a key path through objects, arrays, calls and names to its last key', () => {
    expect(tree.locatePath(['navbar', 'items', 1, 'to'])).toEqual({ line: 11, column: 23 });
    expect(tree.locatePath(['navbar', 'items', 0, 'to'])).toEqual({ line: 10, column: 25 });
    expect(tree.locatePath(['navbar', 'items', 1])).toEqual({ line: 11, column: 7 });
    expect(tree.locatePath(['footer', 'links', 0, 'items', 0, 'to'])).toEqual({ line: 4, column: 60 });
    expect(tree.locatePath(['title'])).toEqual({ line: 7, column: 3 });
  });

  it('has no position for what the source does not hold', () => {
    expect(tree.locatePath(['navbar', 'items', 2, 'to'])).toBeUndefined();
    expect(tree.locatePath(['navbar', 'logo'])).toBeUndefined();
    expect(tree.locatePath(['title', 'x'])).toBeUndefined();
    const spread = createSourceTree('a.ts', 'const base = [];\nexport default { items: [...base, { to: 1 }], ...{} };\n');
    expect(spread.locatePath(['items', 1, 'to'])).toBeUndefined();
    expect(spread.locatePath(['items'])).toBeUndefined();
    expect(createSourceTree('a.ts', 'export default {').locatePath([])).toBeUndefined();
  });

  it('finds a string literal in code, not in comments, whatever its quotes', () => {
    expect(tree.locateString('/not-here')).toBeUndefined();
    expect(tree.locateString('/intro')).toEqual({ line: 4, column: 64 });
    expect(tree.locateString('/api')).toEqual({ line: 11, column: 29 });
  });

  it('reads CommonJS and JSON sidebars files', () => {
    const cjs = createSourceTree('sidebars.js', "/** @type {import('x').Config} */\nconst sidebars = {\n  main: ['intro', { type: 'doc', id: 'guide' }],\n};\nmodule.exports = sidebars;\n");
    expect(cjs.locatePath(['main', 1, 'id'])).toEqual({ line: 3, column: 34 });
    expect(cjs.locatePath(['main', 0])).toEqual({ line: 3, column: 10 });
    const json = createSourceTree('sidebars.json', '{\n  "main": ["intro", "intro"]\n}\n');
    expect(json.locatePath(['main', 1])).toEqual({ line: 2, column: 21 });
    // Columns count UTF-16 units, as the rest of the diagnostics do.
    expect(createSourceTree('s.json', '{"é": ["a", "b"]}').locatePath(['é', 1])).toEqual({ line: 1, column: 13 });
  });

  it('finds an import in a `.js` file that holds JSX, as Docusaurus sites write their pages', () => {
    const page = "import React from 'react';\nimport backers from '@site/backers.json';\n\nexport default function Home() {\n  return <p>{backers.length}</p>;\n}\n";
    expect(createSourceTree('src/pages/index.js', page).locateImport('@site/backers.json')).toEqual({ line: 2, column: 21 });
  });
});
