import { beforeAll, describe, expect, it } from 'vitest';
import type { MemoryWriter } from '../../src/site/writer.ts';
import { buildInMemory } from '../helpers/build-helpers.ts';
import { fixture } from '../helpers/helpers.ts';

// Icons are empty spans the stylesheet draws (theme/css/icons.css): their shapes are views of one
// SVG file the stylesheet points to (one image document for the browser to make, not one per
// icon), cached for good, not in every page (on 10,000 pages an inline sprite was 27 MB) nor in
// the scripts, nor `data:` URLs the browser must read while it styles each page.

let out: MemoryWriter;
let css: string;

beforeAll(async () => {
  ({ out } = await buildInMemory(fixture('core-site')));
  const sheet = [...out.files.keys()].find((f) => /^assets\/css\/main\.[A-Z0-9]+\.css$/.test(f));
  css = out.text(sheet!)!;
});

/** The files the stylesheet's icons are views of. */
function iconFiles(): string[] {
  return [...new Set([...css.matchAll(/--icon:\s*url\("?\.\.\/media\/([^")#]+\.svg)#/g)].map((m) => m[1]!))];
}

/**
 * The shape the stylesheet masks `selector` with, or undefined: the rule of `.icon` and
 * `.admonition-icon` masks with `var(--icon)`, each icon's rule sets `--icon` to a view of the
 * icons' file (`icons.<hash>.svg#<view>`), and the shape is the `<svg>` that view shows (its
 * text, with the file's namespace).
 */
function shapeOf(selector: string): string | undefined {
  if (!/\.icon, ?\.admonition-icon ?\{[^}]*[;{]mask:\s*var\(--icon\)/.test(css)) return undefined;
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const url = new RegExp(`(?:^|[}\\s,])${escaped}\\s*(?:,[^{}]*)?\\{(?:[^}]*;)?\\s*--icon:\\s*url\\("?\\.\\./media/([^")#]+\\.svg)#([a-z-]+)"?\\)`).exec(css);
  if (!url) return undefined;
  const sprite = out.text(`assets/media/${url[1]}`);
  const view = new RegExp(`<view id="${url[2]}" viewBox="0 (\\d+) 24 24"/>`).exec(sprite ?? '');
  const shape = view && new RegExp(`<svg y="${view[1]}" width="24" height="24"([^>]*)>(.*?)</svg>`).exec(sprite!);
  return shape ? `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"${shape[1]}>${shape[2]}</svg>` : undefined;
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

  it('draws every icon from one file, each shape in a view of its own', () => {
    expect(iconFiles()).toHaveLength(1);
    const sprite = out.text(`assets/media/${iconFiles()[0]}`)!;
    const views = [...sprite.matchAll(/<view id="([a-z-]+)" viewBox="0 (\d+) 24 24"\/>/g)];
    const rows = [...sprite.matchAll(/<svg y="(\d+)" width="24" height="24"/g)].map((m) => m[1]);
    expect(views.length).toBeGreaterThanOrEqual(16);
    // Each view shows one shape, and no two share a row: rows at least 24 px apart, the last
    // inside the file's viewBox; and no two views show the same shape.
    expect(views.map((v) => v[2]).sort()).toEqual([...rows].sort());
    const tops = rows.map(Number).sort((a, b) => a - b);
    expect(tops.slice(1).every((top, i) => top - tops[i]! >= 24)).toBe(true);
    expect(Number(/^<svg [^>]*viewBox="0 0 24 (\d+)"/.exec(sprite)![1])).toBeGreaterThanOrEqual(tops.at(-1)! + 24);
    expect(new Set(views.map((v) => new RegExp(`<svg y="${v[2]}"[^>]*>(.*?)</svg>`).exec(sprite)![1])).size).toBe(views.length);
  });

  it('has a shape for every icon the theme and the admonitions use', () => {
    for (const icon of ['github', 'discord', 'rss', 'sun', 'moon', 'system', 'search', 'menu', 'close', 'external']) expect(shapeOf(`.icon-${icon}`), icon).toBeDefined();
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
