import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 17 › 1: the build never depends on the browser theme. A theme override (a site's own
// theme/ folder) must not be able to change how the build indexes or checks a site, so nothing
// in src/ imports from theme/ (the theme may import shared code from src/).
const repo = path.resolve(import.meta.dirname, '../..');

describe('layering', () => {
  it('has no import from theme/ anywhere in src/', () => {
    const offenders: string[] = [];
    for (const rel of readdirSync(path.join(repo, 'src'), { recursive: true }) as string[]) {
      if (!/\.tsx?$/.test(rel)) continue;
      const text = readFileSync(path.join(repo, 'src', rel), 'utf8');
      for (const m of text.matchAll(/\b(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)) {
        const target = path.resolve(path.dirname(path.join(repo, 'src', rel)), m[1]);
        if (m[1].startsWith('.') && target.startsWith(path.join(repo, 'theme') + path.sep)) offenders.push(`src/${rel} imports ${m[1]}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
