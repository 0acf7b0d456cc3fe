import { afterEach, describe, expect, it, vi } from 'vitest';
import { drawDeferredBlocks } from '../../src/render/deferred-blocks.browser.ts';

// Issue 41 › 1: the slices the head script draws the page's far parts in fit its time budget on
// any machine: each takes as many characters as the last one's time per character allows. (The
// head script as built, and the moves that draw everything at once: head-script.test.ts; in
// Chromium: test/browser/deferred-blocks.test.ts.)

interface Fake { attrs: Set<string>; textContent: string; setAttribute(name: string): void }

const fake = (text: string): Fake => {
  const attrs = new Set<string>();
  return { attrs, textContent: text, setAttribute: (name) => attrs.add(name) };
};

/** Runs drawDeferredBlocks over `blocks` in a fake page whose layout costs `msPerChar` per character of the blocks drawn since the last one. */
function draw(blocks: Fake[], msPerChar: number): number[] {
  let clock = 0;
  let pending = 0;
  const slices: number[] = [];
  const rootAttrs = new Set<string>();
  const root = {
    setAttribute: (name: string) => rootAttrs.add(name), hasAttribute: (name: string) => rootAttrs.has(name), removeAttribute: (name: string) => rootAttrs.delete(name),
    get offsetHeight() {
      const drawn = blocks.filter((b) => b.attrs.has('data-drawn')).length;
      slices.push(drawn - pending);
      pending = drawn;
      clock += blocks.slice(0, drawn).reduce((sum, b) => sum + b.textContent.length, 0) * msPerChar - clock;
      return 0;
    },
  };
  const tasks: (() => void)[] = [];
  vi.stubGlobal('location', { hash: '' });
  vi.stubGlobal('performance', { now: () => clock, getEntriesByType: () => [{ type: 'navigate' }] });
  vi.stubGlobal('document', { readyState: 'complete', querySelectorAll: (s: string) => (s.startsWith('.markdown') ? blocks : []) });
  vi.stubGlobal('addEventListener', () => {});
  vi.stubGlobal('removeEventListener', () => {});
  vi.stubGlobal('requestAnimationFrame', (fn: () => void) => tasks.push(fn));
  vi.stubGlobal('setTimeout', (fn: () => void) => tasks.push(fn));
  drawDeferredBlocks(root as unknown as HTMLElement);
  for (let i = 0; tasks.length && i < 10_000; i++) tasks.shift()!();
  expect(rootAttrs.has('data-drawing')).toBe(false);
  return slices;
}

afterEach(() => vi.unstubAllGlobals());

describe('drawing the deferred parts', () => {
  it('fits each slice in about 2 ms, whatever the machine\'s speed', () => {
    const blocks = () => Array.from({ length: 200 }, () => fake('x'.repeat(100)));
    // A fast machine: 1 µs a character, 2,000 characters (20 blocks) a slice after the first.
    const fast = draw(blocks(), 0.001);
    expect(fast[0]).toBe(10);
    expect(fast.slice(1, -1).every((n) => n === 20)).toBe(true);
    // Eight times slower: the slices shrink to about 250 characters (3 blocks), never below 100.
    const slow = draw(blocks(), 0.008);
    expect(slow.slice(2, -1).every((n) => n === 3)).toBe(true);
    expect(slow.reduce((a, b) => a + b)).toBe(200);
  });
});
