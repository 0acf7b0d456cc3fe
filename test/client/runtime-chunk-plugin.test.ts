import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runtimeChunkPlugin } from '../../src/client/runtime-chunk-plugin.ts';

// A miniature client: the entry loads the runtime by import(); the runtime and a module it loads
// on demand both use a helper. Each module logs a marker so that its code can be found in the output.
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'sitegen-chunks-'));
  mkdirSync(path.join(dir, 'src'));
  const files: Record<string, string> = {
    'entry.ts': "void import('./runtime.ts');\n",
    'runtime.ts': "import { helper } from './helper.ts';\nconsole.log('RUNTIME', helper());\nexport const later = () => import('./on-demand.tsx');\n",
    'helper.ts': "export const helper = () => 'HELPER';\n",
    'on-demand.tsx': "import { helper } from './helper.ts';\nconsole.log('ON_DEMAND', helper());\n",
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, 'src', name), text);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Output files (name → text) of a code-splitting build of the miniature client. */
async function bundle(withPlugin: boolean): Promise<Map<string, string>> {
  const entry = path.join(dir, 'src/entry.ts');
  const result = await build({
    entryPoints: [entry], bundle: true, splitting: true, format: 'esm', write: false, outdir: path.join(dir, 'out'), logLevel: 'silent',
    plugins: withPlugin ? [runtimeChunkPlugin(entry)] : [],
  });
  return new Map(result.outputFiles.map((f) => [path.basename(f.path), f.text]));
}

const holding = (files: Map<string, string>, marker: string) => [...files].filter(([, text]) => text.includes(marker)).map(([name]) => name);

describe('runtimeChunkPlugin', () => {
  it("puts a helper the runtime shares with on-demand modules into the runtime's own file", async () => {
    const files = await bundle(true);
    expect(holding(files, 'HELPER')).toHaveLength(1);
    expect(holding(files, 'HELPER')).toEqual(holding(files, 'RUNTIME'));
    // The on-demand module stays a file of its own.
    expect(holding(files, 'ON_DEMAND')).toHaveLength(1);
    expect(holding(files, 'ON_DEMAND')).not.toEqual(holding(files, 'RUNTIME'));
  });

  it('is needed: without it esbuild gives the helper a chunk of its own', async () => {
    const files = await bundle(false);
    expect(holding(files, 'HELPER')).toHaveLength(1);
    expect(holding(files, 'HELPER')).not.toEqual(holding(files, 'RUNTIME'));
  });
});
