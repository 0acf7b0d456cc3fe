import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, type SiteCopy } from '../helpers/copy-fixture.ts';
import { runCli } from '../helpers/run-cli.ts';

// Issue 28 › 3: `sitegen build --verbose` prints the cause chain of a failure (numbered, with
// each cause's class, as Eleventy does) and the deepest cause's stack, source-mapped.
let site: SiteCopy;
beforeAll(() => {
  site = copyFixture('core-theme');
  site.write('theme/docs/breadcrumbs.tsx', 'export function Breadcrumbs(): never {\n  throw new RangeError(\'crumbs exploded\');\n}\n');
});
afterAll(() => site?.cleanup());

describe('sitegen build --verbose', () => {
  it('prints the numbered cause chain and the stack at the theme file', async () => {
    const run = await runCli(['--root', site.root, 'build', '--verbose', '--quiet']);
    expect(run.code, run.output).toBe(1);
    expect(run.stderr).toContain('theme/docs/breadcrumbs.tsx:2:9  error  Cannot render `/` from `content/docs/index.md` with the theme: crumbs exploded  theme/render\n');
    expect(run.stderr).toContain('\n✗ 1 error in 1 file\n\n'
      + 'Cause chain:\n'
      + '  1. Cannot render / (via SitegenError)\n'
      + '  2. crumbs exploded (via RangeError)\n'
      + '\n'
      + 'Stack of cause 2:\n'
      + 'RangeError: crumbs exploded\n'
      + '    at Breadcrumbs (theme/docs/breadcrumbs.tsx:2:9)\n');
  });

  it('without --verbose, says where the cause is', async () => {
    const run = await runCli(['--root', site.root, 'build', '--quiet']);
    expect(run.code, run.output).toBe(1);
    expect(run.stderr).toContain('\n✗ 1 error in 1 file\n  (run again with --verbose for the cause and its stack)\n');
    expect(run.stderr).not.toContain('Cause chain');
  });
});
