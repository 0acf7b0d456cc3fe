import { describe, expect, it } from 'vitest';
import { fontsToMatch } from '../../src/render/font-stacks.ts';

// The fonts the head script looks up before the stylesheet comes (src/render/font-stacks.ts).

const theme = ':root{--c-text:#111;--font-sans:system-ui, "Segoe UI", sans-serif;--font-mono:ui-monospace, "Liberation Mono", monospace}body{font-family:var(--font-sans)}';

describe('fontsToMatch', () => {
  it('gives the theme\'s text and code stacks with the faces the theme uses', () => {
    expect(fontsToMatch([theme])).toEqual([
      { stack: 'system-ui, "Segoe UI", sans-serif', faces: ['400', '600', '700', 'italic 400'] },
      { stack: 'ui-monospace, "Liberation Mono", monospace', faces: ['400'] },
    ]);
  });

  it('takes the last declaration: a site\'s stylesheet redefines a stack', () => {
    const site = ':root { --font-mono: "Fira Code", monospace !important; }\n[data-theme=dark] { --other: 1 }';
    expect(fontsToMatch([theme, site]).map((f) => f.stack)).toEqual(['system-ui, "Segoe UI", sans-serif', '"Fira Code", monospace']);
  });

  it('reads a quoted family with a semicolon or a brace in it whole', () => {
    expect(fontsToMatch([':root{--font-sans:"Odd; Name}", serif}'])[0]!.stack).toBe('"Odd; Name}", serif');
  });

  it('looks up nothing for a stack it cannot know before the stylesheet: a var(), or none', () => {
    expect(fontsToMatch([theme, ':root{--font-sans:var(--ifm-font-family-base)}']).map((f) => f.stack)).toEqual(['ui-monospace, "Liberation Mono", monospace']);
    expect(fontsToMatch(['body{color:red}'])).toEqual([]);
  });

  it('follows a var() to the last declaration of the property it names, else to its fallback', () => {
    const infima = ':root{--font-sans:var(--ifm-font-family-base, system-ui, sans-serif);--font-mono:var(--ifm-font-family-monospace, monospace)}';
    expect(fontsToMatch([infima]).map((f) => f.stack)).toEqual(['system-ui, sans-serif', 'monospace']);
    const site = ':root{--ifm-font-family-base:"Inter", system-ui, sans-serif}[data-theme=dark]{--ifm-font-family-monospace:var(--code-font)}:root{--code-font:"Fira Code", monospace}';
    expect(fontsToMatch([infima, site]).map((f) => f.stack)).toEqual(['"Inter", system-ui, sans-serif', '"Fira Code", monospace']);
  });

  it('gives up on a var() that leads round in a circle, or to a function', () => {
    expect(fontsToMatch([':root{--font-sans:var(--a);--a:var(--b, var(--a));--b:var(--a)}'])).toEqual([]);
    expect(fontsToMatch([':root{--font-sans:var(--a, serif);--a:env(font-stack)}'])[0]!.stack).toBe('serif');
  });

  it('does not take a longer custom property\'s name for the stack', () => {
    expect(fontsToMatch([':root{--my-font-sans:serif}'])).toEqual([]);
  });
});
