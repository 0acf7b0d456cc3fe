import type { Page } from 'playwright-core';
import type { ThemeRegistrationRaw } from 'shiki/core';
import githubDarkDefault from 'shiki/themes/github-dark-default.mjs';
import githubLightDefault from 'shiki/themes/github-light-default.mjs';
import { describe, expect, it } from 'vitest';
import { chooseMode, noBrowser, useBrowser } from './harness.ts';

// Code tokens carry classes (`c2`) set up by the generated code colour stylesheet, and default
// text none; in either mode each must show the colour its theme's JSON gives its scope.

const tabs = useBrowser();
const themes = { light: githubLightDefault, dark: githubDarkDefault };

/** Tokens of the quickstart's `server.js` block: the text to find and the theme scope colouring it. */
const tokens = [
  { text: 'return', scope: 'keyword' },
  { text: "'node:http'", scope: 'string' },
  { text: '8000', scope: 'constant' },
  { text: '// The four moves, as a change in x and y. Remember: y grows upwards.', scope: 'comment' },
];

/** The foreground of the theme rule listing `scope`, as the `rgb()` the browser computes. */
function themeColour(theme: ThemeRegistrationRaw, scope: string): string {
  const rule = theme.tokenColors!.find((r) => [r.scope].flat().includes(scope))!;
  return rgb(rule.settings.foreground!);
}

function rgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

/** Computed style of the first token (text node, trimmed) with `text` in the block titled `title`. */
function tokenStyle(page: Page, title: string, text: string) {
  return page.evaluate(([title, text]) => {
    const block = [...document.querySelectorAll('.code-block')].find((b) => b.querySelector('.code-block-title')?.textContent === title);
    const walker = document.createTreeWalker(block!.querySelector('pre code')!, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.textContent!.trim() !== text) continue;
      const style = getComputedStyle(node.parentElement!);
      return { color: style.color, fontStyle: style.fontStyle, className: node.parentElement!.className };
    }
    return undefined;
  }, [title, text]);
}

/** Colours of the text in the block that no token class colours (directly inside `span.line`). */
function defaultTextColours(page: Page, title: string) {
  return page.evaluate((title) => {
    const block = [...document.querySelectorAll('.code-block')].find((b) => b.querySelector('.code-block-title')?.textContent === title);
    const lines = [...block!.querySelectorAll('pre code > .line')];
    const bare = lines.filter((line) => [...line.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim()));
    return { lines: bare.length, colours: [...new Set(bare.map((line) => getComputedStyle(line).color))] };
  }, title);
}

describe.skipIf(noBrowser).each(['light', 'dark'] as const)('code colours in %s mode', (mode) => {
  it('colours tokens and default text as the theme JSON says', async () => {
    const { page } = await tabs.open({ path: '/quickstart', theme: mode });
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(mode);
    for (const { text, scope } of tokens) {
      const style = await tokenStyle(page, 'server.js', text);
      expect(style, text).toEqual({ color: themeColour(themes[mode], scope), fontStyle: 'normal', className: expect.stringMatching(/^c\d+$/) });
    }
    const defaults = await defaultTextColours(page, 'server.js');
    expect(defaults.lines).toBeGreaterThan(10);
    expect(defaults.colours).toEqual([rgb(themes[mode].colors!['editor.foreground'])]);
  });

  it('switches token colours with the colour mode toggle', async () => {
    const { page } = await tabs.open({ path: '/quickstart', theme: mode });
    const other = mode === 'light' ? 'dark' : 'light';
    await chooseMode(page, other);
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(other);
    expect((await tokenStyle(page, 'server.js', 'return'))?.color).toBe(themeColour(themes[other], 'keyword'));
    expect((await defaultTextColours(page, 'server.js')).colours).toEqual([rgb(themes[other].colors!['editor.foreground'])]);
  });
});
