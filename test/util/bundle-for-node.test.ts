import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleForNode, bundleForNodeWithMap, writeCachedModule } from '../../src/util/bundle-for-node.ts';
import { PACKAGE_ROOT } from '../../src/util/package-root.ts';

describe('bundleForNodeWithMap', () => {
  const entry = path.join(PACKAGE_ROOT, 'src/util/did-you-mean.ts');

  it('gives the code bundleForNode gives, and a map whose sources are absolute paths', async () => {
    const { code, map } = await bundleForNodeWithMap({ entry });
    expect(code).toBe(await bundleForNode({ entry }));
    expect(code).not.toContain('sourceMappingURL');
    const parsed = JSON.parse(map) as { version: number; sources: string[]; sourcesContent?: unknown };
    expect(parsed.version).toBe(3);
    expect(parsed.sources).toEqual([entry]);
    expect(parsed.sourcesContent).toBeUndefined();
  });

  it('writes the map beside a cached module, even when the same code was cached without one', async () => {
    const code = `export const at = ${JSON.stringify(`${process.pid}-${Date.now()}`)};\n`;
    const file = await writeCachedModule('map-test', code);
    try {
      expect(existsSync(`${file}.map`)).toBe(false);
      expect(await writeCachedModule('map-test', code, '{"version":3}')).toBe(file);
      expect(readFileSync(`${file}.map`, 'utf8')).toBe('{"version":3}');
      expect(readFileSync(file, 'utf8')).toBe(code);
    } finally {
      rmSync(file, { force: true });
      rmSync(`${file}.map`, { force: true });
    }
  });
});
