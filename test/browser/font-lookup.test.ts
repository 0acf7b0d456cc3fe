import { describe, expect, it } from 'vitest';
import { noBrowser, useBrowser } from './harness.ts';

// The head script looks up the system fonts of the first layout while the stylesheet is on its
// way (src/render/font-stacks.ts): every face the first screen draws text in must be one it
// looked up, or that layout still waits for the browser process to find it.

const tabs = useBrowser();

/** Records the `font` of each measurement a canvas makes (the head script's lookups). */
function recordLookups(): void {
  const measure = CanvasRenderingContext2D.prototype.measureText;
  const w = window as unknown as { __lookups: string[] };
  w.__lookups = [];
  CanvasRenderingContext2D.prototype.measureText = function (this: CanvasRenderingContext2D, text: string) {
    w.__lookups.push(this.font);
    return measure.call(this, text);
  };
}

describe.skipIf(noBrowser)('system fonts', () => {
  // The last: a Docusaurus site whose stylesheet sets Infima's code font (the theme follows it).
  const pages = [['/quickstart', 412, 'real'], ['/quickstart', 1280, 'real'], ['/blog', 1280, 'real'], ['/api/webhooks', 412, 'real'], ['/docs/intro', 1280, 'docusaurus']] as const;
  for (const [path, width, site] of pages) {
    it(`are looked up before the first layout for every face on the first screen of ${path} at ${width} px${site === 'real' ? '' : ` (${site} fixture)`}`, async () => {
      const { page, context } = await tabs.open({ width, hydrate: false, site });
      await context.addInitScript(recordLookups);
      await page.goto(path);
      const { lookups, missing, faces } = await page.evaluate(() => {
        // A face as the page's CSS resolves it: the family stack, the weight and the style.
        const face = (s: CSSStyleDeclaration) => `${s.fontStyle} ${s.fontWeight} ${s.fontFamily}`;
        const probe = document.createElement('span');
        document.body.append(probe);
        const lookups = (window as unknown as { __lookups: string[] }).__lookups;
        const looked = new Set(lookups.map((font) => {
          probe.style.font = font;
          return face(getComputedStyle(probe));
        }));
        probe.remove();
        const faces = new Set<string>();
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const parent = node.parentElement;
          if (!parent || !node.textContent!.trim()) continue;
          const box = parent.getBoundingClientRect();
          if (!parent.getClientRects().length || box.top > innerHeight || box.bottom < 0) continue;
          faces.add(face(getComputedStyle(parent)));
        }
        return { lookups, faces: [...faces], missing: [...faces].filter((f) => !looked.has(f)) };
      });
      expect(lookups.length, 'the head script looked up no font').toBeGreaterThan(0);
      expect(faces.length).toBeGreaterThan(1);
      expect(missing, `faces drawn but not looked up; looked up: ${lookups.join(' | ')}`).toEqual([]);
      if (site === 'docusaurus') {
        const code = await page.locator('.markdown pre code').first().evaluate((c) => getComputedStyle(c).fontFamily);
        expect(code).toBe('"Courier Prime", "Liberation Mono", monospace');
        expect(faces.some((f) => f.includes('Courier Prime')), 'code on the first screen').toBe(true);
      }
    });
  }
});
