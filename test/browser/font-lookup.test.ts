import { describe, expect, it } from 'vitest';
import { noBrowser, useBrowser } from './harness.ts';

// The head script looks up the system fonts of the first layout while the stylesheet is on its
// way (src/render/font-stacks.ts): every face the first screen draws text in must be one it
// looked up, or that layout still waits for the browser process to find it. The lookups are
// tasks of their own, which run before the first paint.

const tabs = useBrowser();

/**
 * Records each measurement a canvas makes (the head script's lookups): its `font`, whether a
 * script element was running (the head script itself), and when.
 */
function recordLookups(): void {
  const measure = CanvasRenderingContext2D.prototype.measureText;
  const w = window as unknown as { __lookups: { font: string; inScript: boolean; at: number }[] };
  w.__lookups = [];
  CanvasRenderingContext2D.prototype.measureText = function (this: CanvasRenderingContext2D, text: string) {
    w.__lookups.push({ font: this.font, inScript: !!document.currentScript, at: performance.now() });
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
      const { lookups, missing, faces, inScript, late } = await page.evaluate(async () => {
        // A face as the page's CSS resolves it: the family stack, the weight and the style.
        const face = (s: CSSStyleDeclaration) => `${s.fontStyle} ${s.fontWeight} ${s.fontFamily}`;
        const probe = document.createElement('span');
        document.body.append(probe);
        const records = (window as unknown as { __lookups: { font: string; inScript: boolean; at: number }[] }).__lookups;
        const lookups = records.map((r) => r.font);
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
        // The first paint's entry comes once the page has been painted (it may not have been yet at `load`).
        const paint = await new Promise<PerformanceEntry>((resolve) => {
          new PerformanceObserver((list) => {
            const entry = list.getEntriesByName('first-paint')[0];
            if (entry) resolve(entry);
          }).observe({ type: 'paint', buffered: true });
        });
        return {
          lookups, faces: [...faces], missing: [...faces].filter((f) => !looked.has(f)),
          inScript: records.filter((r) => r.inScript).map((r) => r.font),
          late: records.filter((r) => r.at > paint.startTime).map((r) => `${r.font} at ${r.at.toFixed(1)} ms, first paint at ${paint.startTime.toFixed(1)} ms`),
        };
      });
      expect(lookups.length, 'the head script looked up no font').toBeGreaterThan(0);
      expect(faces.length).toBeGreaterThan(1);
      expect(missing, `faces drawn but not looked up; looked up: ${lookups.join(' | ')}`).toEqual([]);
      // Each in a task of its own (scheduler.postTask), not in the head script's, and all before the first frame.
      expect(inScript, 'looked up while the head script ran').toEqual([]);
      expect(late, 'looked up after the first paint').toEqual([]);
      if (site === 'docusaurus') {
        const code = await page.locator('.markdown pre code').first().evaluate((c) => getComputedStyle(c).fontFamily);
        expect(code).toBe('"Courier Prime", "Liberation Mono", monospace');
        expect(faces.some((f) => f.includes('Courier Prime')), 'code on the first screen').toBe(true);
      }
    });
  }
});
