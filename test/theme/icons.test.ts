import { beforeAll, describe, expect, it } from 'vitest';
import type { MemoryWriter } from '../../src/site/writer.ts';
import { buildInMemory } from '../helpers/build-helpers.ts';
import { fixture } from '../helpers/helpers.ts';

// Icons are empty spans the stylesheet draws (theme/css/icons.css): their shapes are SVG files the
// stylesheet points to, cached for good, not in every page (on 10,000 pages an inline sprite was
// 27 MB) nor in the scripts, nor `data:` URLs the browser must read while it styles each page.

let out: MemoryWriter;
let css: string;

beforeAll(async () => {
  ({ out } = await buildInMemory(fixture('core-site')));
  const sheet = [...out.files.keys()].find((f) => /^assets\/css\/main\.[A-Z0-9]+\.css$/.test(f));
  css = out.text(sheet!)!;
});

/**
 * The SVG file the stylesheet masks `selector` with (its text), or undefined: the rule of `.icon`
 * and `.admonition-icon` masks with `var(--icon)`, and each icon's rule sets `--icon`.
 */
function shapeOf(selector: string): string | undefined {
  if (!/\.icon, ?\.admonition-icon ?\{[^}]*[;{]mask:\s*var\(--icon\)/.test(css)) return undefined;
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const url = new RegExp(`(?:^|[}\\s,])${escaped}\\s*(?:,[^{}]*)?\\{(?:[^}]*;)?\\s*--icon:\\s*url\\("?\\.\\./media/([^")]+\\.svg)"?\\)`).exec(css)?.[1];
  return url === undefined ? undefined : out.text(`assets/media/${url}`);
}

describe('icons', () => {
  it('gives every icon of every page a shape in the stylesheet, and pages no SVG of their own', () => {
    const pages = [...out.files.keys()].filter((f) => f.endsWith('.html'));
    expect(pages.length).toBeGreaterThan(5);
    const seen = new Set<string>();
    for (const file of pages) {
      const html = out.text(file)!;
      expect(html, file).not.toContain('<symbol');
      expect(html, file).not.toContain('<use ');
      const icons = [...html.matchAll(/<span class="icon (icon-[a-z]+)" aria-hidden="true"><\/span>/g)].map((m) => m[1]!);
      expect(icons.length, file).toBeGreaterThan(0);
      for (const icon of icons) seen.add(icon);
    }
    expect([...seen].sort()).toEqual(expect.arrayContaining(['icon-menu', 'icon-moon', 'icon-search', 'icon-sun']));
    for (const icon of seen) expect(shapeOf(`.${icon}`), icon).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(css).not.toContain('data:image/svg');
  });

  it('has a shape for every icon the theme and the admonitions use', () => {
    for (const icon of ['github', 'discord', 'rss', 'sun', 'moon', 'search', 'menu', 'close', 'external']) expect(shapeOf(`.icon-${icon}`), icon).toBeDefined();
    for (const type of ['note', 'tip', 'info', 'warning', 'caution', 'danger', 'secondary', 'important', 'success']) expect(shapeOf(`.admonition-${type} .admonition-icon`), type).toBeDefined();
  });

  it('keeps the shapes out of the scripts', () => {
    const shape = shapeOf('.icon-github')!;
    const path = /d="([^"]+)"/.exec(shape)![1]!;
    const scripts = [...out.files.keys()].filter((f) => f.startsWith('assets/js/'));
    expect(scripts.length).toBeGreaterThan(3);
    expect(scripts.filter((f) => out.text(f)!.includes(path.slice(0, 40)))).toEqual([]);
  });
});
