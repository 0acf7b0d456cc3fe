import { afterEach, describe, expect, it, vi } from 'vitest';
import { drawDeferredBlocks } from '../../src/render/deferred-blocks.browser.ts';
import { PRESS, RELEASE } from '../../src/render/press.browser.ts';

// Issue 41 › 1: the slices the head script draws the page's far parts in fit its time budget on
// any machine: each takes as many blocks as the last one's time per character allows, counting
// each element inside a block as 30 characters. (The
// head script as built, and the moves that draw everything at once: head-script.test.ts; in
// Chromium: test/browser/deferred-blocks.test.ts.)

interface Fake { attrs: Set<string>; textContent: string; elements: number; setAttribute(name: string): void; getElementsByTagName(tag: string): { length: number } }

const fake = (text: string, elements = 0): Fake => {
  const attrs = new Set<string>();
  return { attrs, textContent: text, elements, setAttribute: (name) => attrs.add(name), getElementsByTagName: () => ({ length: elements }) };
};

/** What a block costs in the fake page, in characters: as the script counts it. */
const units = (b: Fake) => b.textContent.length + 30 * b.elements;

/**
 * A fake page running drawDeferredBlocks over `blocks`, whose layout costs `msPerChar` per
 * character of the blocks drawn since the last one: `run()` runs its tasks (timers of no delay
 * and messages posted, and frames, in order) until none is left, `later()` the timers set with a delay, `event(type)`
 * fires the window's listeners of `type`, and `slices` is the blocks each layout drew.
 */
function fakePage(blocks: Fake[], msPerChar: number) {
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
      clock += blocks.slice(0, drawn).reduce((sum, b) => sum + units(b), 0) * msPerChar - clock;
      return 0;
    },
  };
  const tasks: (() => void)[] = [];
  const delayed: (() => void)[] = [];
  const listeners = new Map<string, ((event: unknown) => void)[]>();
  vi.stubGlobal('location', { hash: '' });
  vi.stubGlobal('performance', { now: () => clock, getEntriesByType: () => [{ type: 'navigate' }] });
  // The first block is the article's fold; the script walks from it to the blocks after it.
  const article = {};
  blocks.forEach((b, i) => Object.assign(b, { parentNode: article, nextElementSibling: blocks[i + 1] ?? null }));
  vi.stubGlobal('document', { readyState: 'complete', querySelectorAll: (s: string) => (s.startsWith('.markdown') ? blocks.slice(0, 1) : []) });
  vi.stubGlobal('addEventListener', (type: string, fn: (event: unknown) => void) => listeners.set(type, [...(listeners.get(type) ?? []), fn]));
  vi.stubGlobal('removeEventListener', (type: string, fn: (event: unknown) => void) => listeners.set(type, (listeners.get(type) ?? []).filter((f) => f !== fn)));
  vi.stubGlobal('requestAnimationFrame', (fn: () => void) => tasks.push(fn));
  vi.stubGlobal('setTimeout', (fn: () => void, ms?: number) => (ms ? delayed : tasks).push(fn));
  // A posted message is a task, in order with the timers of no delay and the frames.
  vi.stubGlobal('MessageChannel', class {
    port1: { onmessage?: () => void; close(): void } = { close() {} };
    port2 = { postMessage: () => tasks.push(() => this.port1.onmessage?.()) };
  });
  drawDeferredBlocks(root as unknown as HTMLElement);
  return {
    slices,
    drawing: () => rootAttrs.has('data-drawing'),
    run(limit = 10_000) {
      for (let i = 0; tasks.length && i < limit; i++) tasks.shift()!();
    },
    later: () => delayed.splice(0).forEach((fn) => fn()),
    event: (type: string, target: unknown = { closest: () => null }) => (listeners.get(type) ?? []).forEach((fn) => fn({ type, target })),
  };
}

/** Draws `blocks` to the end (see fakePage); returns the blocks each slice drew. */
function draw(blocks: Fake[], msPerChar: number): number[] {
  const page = fakePage(blocks, msPerChar);
  page.run();
  expect(page.drawing()).toBe(false);
  return page.slices;
}

afterEach(() => vi.unstubAllGlobals());

describe('drawing the deferred parts', () => {
  it('fits each slice in about 4 ms, whatever the machine\'s speed, starting with one block', () => {
    const blocks = () => Array.from({ length: 400 }, () => fake('x'.repeat(100)));
    // A fast machine: 1 µs a character, 4,000 characters (40 blocks, 39 where the clock rounds) a slice once known; the
    // first slice draws one block, and each slice at most twice as many characters as the last.
    const fast = draw(blocks(), 0.001);
    expect(fast.slice(0, 7)).toEqual([1, 2, 4, 8, 16, 32, 40]);
    expect(fast.slice(6, -1).every((n) => n >= 39 && n <= 40)).toBe(true);
    // Eight times slower: about 500 characters, 5 blocks a slice (4 where the clock rounds).
    const slow = draw(blocks(), 0.008);
    expect(slow.slice(4, -1).every((n) => n >= 4 && n <= 5)).toBe(true);
    expect(slow.reduce((a, b) => a + b)).toBe(400);
  });

  it('counts the elements of a block, and draws a block too big for a slice alone', () => {
    // 100 characters and 40 elements each: 1,300 characters as counted, 1.3 ms a block at 1 µs a character.
    const tables = Array.from({ length: 40 }, () => fake('x'.repeat(100), 40));
    const slices = draw(tables, 0.001);
    expect(slices.slice(0, 3)).toEqual([1, 2, 3]);
    expect(slices.slice(3, -1).every((n) => n === 3)).toBe(true);
    // A machine so slow that a single block takes 13 ms: still one block a slice, never none.
    expect(draw(Array.from({ length: 20 }, () => fake('x'.repeat(100), 40)), 0.01).every((n) => n === 1)).toBe(true);
  });

  it('holds the slices from a press until the frame after its click, or its end without one, or a second (issue 41 › 2)', () => {
    const blocks = () => Array.from({ length: 100 }, () => fake('x'.repeat(100)));
    // A tap's click comes after its pointerup and touchend: those do not end it.
    expect(PRESS).toEqual(['pointerdown', 'touchstart']);
    expect(RELEASE).not.toContain('pointerup');
    expect(RELEASE).not.toContain('touchend');
    for (const end of [...RELEASE, 'a second']) {
      const page = fakePage(blocks(), 0.001);
      page.run(6);
      const before = page.slices.length;
      expect(before).toBeGreaterThan(0);
      page.event(end === 'touchcancel' ? 'touchstart' : 'pointerdown');
      page.run();
      expect(page.slices.length, end).toBe(before);
      if (end === 'a second') page.later();
      else page.event(end);
      page.run();
      expect(page.drawing(), end).toBe(false);
      expect(page.slices.length, end).toBeGreaterThan(before);
    }
  });
});
