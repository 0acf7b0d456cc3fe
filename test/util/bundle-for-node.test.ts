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

  it('keys a cached module by its code and its map: another map (another copy of the site) gets its own file', async () => {
    const code = `export const at = ${JSON.stringify(`${process.pid}-${Date.now()}`)};\n`;
    const plain = await writeCachedModule('map-test', code);
    const first = await writeCachedModule('map-test', code, '{"version":3,"sources":["/a/theme/x.tsx"]}');
    const second = await writeCachedModule('map-test', code, '{"version":3,"sources":["/b/theme/x.tsx"]}');
    try {
      expect(existsSync(`${plain}.map`)).toBe(false);
      expect(new Set([plain, first, second]).size).toBe(3);
      expect(readFileSync(`${first}.map`, 'utf8')).toContain('/a/theme/x.tsx');
      expect(readFileSync(`${second}.map`, 'utf8')).toContain('/b/theme/x.tsx');
      for (const file of [plain, first, second]) expect(readFileSync(file, 'utf8')).toBe(code);
      expect(await writeCachedModule('map-test', code, '{"version":3,"sources":["/a/theme/x.tsx"]}')).toBe(first);
    } finally {
      for (const file of [plain, first, second]) {
        rmSync(file, { force: true });
        rmSync(`${file}.map`, { force: true });
      }
    }
  });
});
