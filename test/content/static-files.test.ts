import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { staticFileOf } from '../../src/content/static-files.ts';

describe('staticFileOf', () => {
  it('finds a site path in the last static folder that has it, and nothing when none does', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'static-files-'));
    try {
      for (const file of ['public/img/a.svg', 'static/img/a.svg', 'public/img/b.svg']) {
        mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
        writeFileSync(path.join(root, file), '<svg/>');
      }
      expect(staticFileOf(root, ['public', 'static'], '/img/a.svg')).toBe('static/img/a.svg');
      expect(staticFileOf(root, ['public', 'static'], 'img/b.svg')).toBe('public/img/b.svg');
      expect(staticFileOf(root, ['static'], '/img/b.svg')).toBeUndefined();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
