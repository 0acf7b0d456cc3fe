import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDiagnostic } from '../../src/diagnostics/format-diagnostic.ts';
import { SitegenError } from '../../src/diagnostics/sitegen-error.ts';
import { buildInMemory } from '../helpers/build-helpers.ts';
import { copyFixture, type SiteCopy } from '../helpers/copy-fixture.ts';

// Issue 28 › 3: a theme component that throws is reported at its own file and line (the server
// bundle's source map), naming the page and the Markdown file it was rendering.
const throwing = `import type { NavLink } from '../../../../../src/model.ts';

/** Throws on every page. */
export function Breadcrumbs({ items }: { items: NavLink[] }) {
  if (items) throw new Error('crumbs exploded');
  return <p>never</p>;
}
`;

let site: SiteCopy;
beforeAll(() => {
  site = copyFixture('core-theme');
});
afterAll(() => site?.cleanup());

async function buildError(): Promise<SitegenError> {
  const error = await buildInMemory(site.root).then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(SitegenError);
  return error as SitegenError;
}

describe('a theme component that throws', () => {
  it('is reported at its own line, with the page and its Markdown file', async () => {
    site.write('theme/docs/breadcrumbs.tsx', throwing.replace('../../../../../src/model.ts', `${process.cwd()}/src/model.ts`));
    const error = await buildError();
    expect(error.diagnostics.map(formatDiagnostic)).toEqual([
      'theme/docs/breadcrumbs.tsx:5:20  error  Cannot render `/` from `content/docs/index.md` with the theme: crumbs exploded  theme/render\n'
      + '  hint: A component of the theme threw while rendering this page: check the files the site overrides in `theme/` first.',
    ]);
    // The stack of the cause names the theme's files, not the bundle's.
    const stack = (error.cause as Error).stack!.split('\n');
    expect(stack.slice(0, 2)).toEqual(['Error: crumbs exploded', '    at Breadcrumbs (theme/docs/breadcrumbs.tsx:5:20)']);
  });

  it('is reported at the page when no frame of the theme is known (React threw)', async () => {
    // An object is not a React child: react-dom throws, below no frame of the theme's code.
    site.write('theme/docs/breadcrumbs.tsx', 'export function Breadcrumbs() {\n  return <p>{{ not: \'a child\' } as never}</p>;\n}\n');
    const error = await buildError();
    expect(error.diagnostics.map((d) => formatDiagnostic({ ...d, hint: undefined }))).toEqual([
      'content/docs/index.md  error  Cannot render `/` with the theme: Objects are not valid as a React child (found: object with keys {not}). If you meant to render a collection of children, use an array instead.  theme/render',
    ]);
  });
});
