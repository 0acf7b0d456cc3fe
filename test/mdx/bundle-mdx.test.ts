import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bundleMdx } from '../../src/mdx/bundle-mdx.ts';
import { mdxModules } from '../../theme/mdx/modules.ts';
import { repoRoot } from '../helpers/copy-fixture.ts';

// The resolver of MDX imports (issue 30 item 3), on its own: a module name the table lists whose
// component file does not exist is an error at the import, not a crash of the bundle.

const root = path.join(repoRoot, 'node_modules/.cache/sitegen-tests', `bundle-mdx-${process.pid}`);
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('bundleMdx', () => {
  it('reports a listed module whose file is missing at the import, and does not render the page', async () => {
    mkdirSync(path.join(root, 'content'), { recursive: true });
    const page = path.join(root, 'content/gone.mdx');
    const source = "Intro.\n\nimport Gone from '@theme/Gone';\n\n<Gone />\n";
    writeFileSync(page, source);
    const code = "import Gone from '@theme/Gone';\nexport default function MDXContent() { return Gone; }\n";
    const bundle = await bundleMdx({
      root, pages: new Map([[page, code]]), excerpts: new Map(),
      loadPartial: () => Promise.resolve({ diagnostics: [] }),
      modules: { ...mdxModules, '@theme/Gone': 'gone-never-written.tsx' },
      // Where MDX's parser read the import (CompiledMdx.imports): the diagnostic is placed there.
      importPlaces: new Map([[page, [{ spec: '@theme/Gone', line: 3, column: 18 }]]]),
    });
    expect(bundle.diagnostics).toEqual([{
      file: 'content/gone.mdx', line: 3, column: 18, severity: 'error', ruleId: 'import/unresolved',
      message: 'Cannot resolve `@theme/Gone`: its component file `theme/mdx/gone-never-written.tsx` does not exist',
      hint: 'Add the file (theme/mdx/modules.ts names it), or remove the import.',
    }]);
    expect([...bundle.unrenderable]).toEqual([page]);
  });
});
