import { afterEach, describe, expect, it, vi } from 'vitest';
import { ignoreRepeatedMenuTap } from '../../src/render/phone-menu.browser.ts';

// The head script's answer to a second tap on the phone menu's button (src/render/phone-menu.browser.ts),
// against stand-ins; with real taps in Chromium: test/browser/first-press.test.ts.

afterEach(() => vi.unstubAllGlobals());

describe('ignoreRepeatedMenuTap', () => {
  it('does nothing with a click on the button\'s spot within 500 ms of the frame that showed the menu, and lets others through', () => {
    let click: ((event: unknown) => void) | undefined;
    const frames: (() => void)[] = [];
    let now = 1000;
    vi.stubGlobal('addEventListener', (type: string, fn: (event: unknown) => void) => { if (type === 'click') click = fn; });
    vi.stubGlobal('requestAnimationFrame', (fn: () => void) => frames.push(fn));
    vi.stubGlobal('performance', { now: () => now });
    ignoreRepeatedMenuTap();
    const details = { open: false };
    const summary = { parentElement: details, getBoundingClientRect: () => ({ left: 8, right: 48, top: 100, bottom: 140 }) };
    const inMenu = (selector: string) => (selector === '.mobile-menu' ? {} : null);
    const tap = (options: { on: 'button' | 'menu' | 'page'; x?: number; y?: number; detail?: number; at: number }) => {
      const event = {
        target: { closest: (selector: string) => (options.on === 'button' ? (selector === '.navbar-menu > summary' ? summary : null) : options.on === 'menu' ? inMenu(selector) : null) },
        clientX: options.x ?? 28, clientY: options.y ?? 120, detail: options.detail ?? 1, timeStamp: options.at,
        preventDefault: vi.fn(), stopImmediatePropagation: vi.fn(),
      };
      click!(event);
      return event.preventDefault.mock.calls.length > 0 && event.stopImmediatePropagation.mock.calls.length > 0;
    };
    expect(tap({ on: 'button', at: 1000 })).toBe(false);
    details.open = true;
    // Before the frame that shows the menu, and within 500 ms of it: the same tap.
    expect(tap({ on: 'menu', at: 1010 })).toBe(true);
    now = 1040;
    frames.shift()!();
    expect(tap({ on: 'menu', at: 1300 })).toBe(true);
    expect(tap({ on: 'menu', at: 1300, x: 30, y: 150 })).toBe(true);
    // Elsewhere in the menu, from a key (no pointer), outside the menu, or later: the reader's choice.
    expect(tap({ on: 'menu', at: 1300, x: 200, y: 300 })).toBe(false);
    expect(tap({ on: 'menu', at: 1300, detail: 0 })).toBe(false);
    expect(tap({ on: 'page', at: 1300 })).toBe(false);
    expect(tap({ on: 'menu', at: 1600 })).toBe(false);
  });
});
