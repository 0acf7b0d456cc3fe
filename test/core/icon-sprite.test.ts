import { beforeAll, describe, expect, it } from 'vitest';
import type { MemoryWriter } from '../../src/site/writer.ts';
import { buildInMemory } from './build-helpers.ts';
import { fixture } from './helpers.ts';

// Issue 16 › 3: icons are `<use>` of symbols every page holds once, after the app's root
// (theme/layout/icons.tsx), so their paths are not in the scripts.

let out: MemoryWriter;

beforeAll(async () => {
  ({ out } = await buildInMemory(fixture('core-site')));
});

describe('icon sprite', () => {
  it('gives every icon of every page a symbol of the sprite after the root, once', () => {
    const pages = [...out.files.keys()].filter((f) => f.endsWith('.html'));
    expect(pages.length).toBeGreaterThan(5);
    for (const file of pages) {
      const html = out.text(file)!;
      const [inRoot, after] = html.split('<div id="route-announcer"');
      const sprite = /<\/div><svg class="icon-sprite"[^>]*>([\s\S]*?)<\/svg>$/.exec(inRoot.trimEnd());
      expect(sprite, file).not.toBeNull();
      expect(html.match(/class="icon-sprite"/g), file).toHaveLength(1);
      const symbols = new Set([...sprite![1].matchAll(/<symbol id="([^"]+)"/g)].map((m) => m[1]));
      const used = [...html.matchAll(/<use href="#([^"]+)"/g)].map((m) => m[1]);
      expect(used.length, file).toBeGreaterThan(0);
      for (const id of used) expect(symbols, `${file}: #${id}`).toContain(id);
      expect(after).not.toContain('<symbol');
    }
  });

  it('keeps the paths out of the scripts', () => {
    const path = /<symbol id="icon-github"[^>]*>\s*<path d="([^"]+)"/.exec(out.text('index.html')!)![1];
    const scripts = [...out.files.keys()].filter((f) => f.startsWith('assets/js/'));
    expect(scripts.filter((f) => out.text(f)!.includes(path.slice(0, 40)))).toEqual([]);
  });
});
