import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeColourCss, resolveCodeClasses, resolveCodeThemes } from '../../src/markdown/code-colour-classes.ts';
import { parseCssRules } from './css-rules.ts';

// That every class the highlighter emits has a rule is tested with the highlighter.
const cssRules = parseCssRules(codeColourCss());

describe('codeColourCss', () => {
  const themes = resolveCodeThemes();
  const classes = resolveCodeClasses(themes)!;

  it('gives each distinct colour pair of the themes one class, and none to the default text colours', () => {
    const pairs = new Set(themes.light.settings.flatMap((rule, i) => {
      const dark = themes.dark.settings[i].settings.foreground;
      return rule.settings.foreground ? [`${rule.settings.foreground} ${dark}`.toLowerCase()] : [];
    }));
    pairs.delete(`${themes.light.fg} ${themes.dark.fg}`.toLowerCase());
    const colourRules = [...cssRules].filter(([selector]) => /^\.c\d+$/.test(selector));
    expect(colourRules.map(([, d]) => /^light-dark\((#\w+), (#\w+)\)$/.exec(d.color)!.slice(1).join(' ')).sort()).toEqual([...pairs].sort());
    expect(new Set(classes.colourClasses.values())).toEqual(new Set(colourRules.map(([selector]) => selector.slice(1))));
    expect(cssRules.get('.c2')).toEqual({ color: 'light-dark(#cf222e, #ff7b72)' }); // keywords
  });

  it('colours tokens with light-dark(), setting no custom property on them (issue 29: style cost of long pages)', () => {
    for (const [selector, declarations] of cssRules) {
      if (selector === '.shiki') continue;
      expect(Object.keys(declarations).filter((name) => name.startsWith('--')), selector).toEqual([]);
      expect(Object.values(declarations).join(' '), selector).not.toContain('var(');
    }
  });

  it('writes the font styles shiki gives tokens', () => {
    expect(cssRules.get('.f5')).toEqual({ 'font-style': 'italic', 'text-decoration': 'underline' });
  });

  it('uses class names no other theme stylesheet uses', () => {
    const themeCss = path.resolve(import.meta.dirname, '../../theme/css');
    const css = readdirSync(themeCss).map((file) => readFileSync(path.join(themeCss, file), 'utf8')).join('\n')
      .replace(/\/\*[\s\S]*?\*\//g, ''); // comments may name them
    for (const name of classes.rules.keys()) expect(css).not.toMatch(new RegExp(`\\.${name}(?![\\w-])`));
  });

  it('derives the same classes and stylesheet on every call, from the themes alone', () => {
    const again = resolveCodeClasses(resolveCodeThemes())!;
    expect(again.colourClasses).toEqual(classes.colourClasses);
    expect(again.fontClasses).toEqual(classes.fontClasses);
    expect(again.theme).toEqual(classes.theme);
    expect(codeColourCss()).toBe(codeColourCss(themes));
  });

  it('falls back to the <pre> colours alone when the themes do not line up', () => {
    const dark = { ...themes.dark, settings: themes.dark.settings.slice(1) };
    expect(resolveCodeClasses({ light: themes.light, dark })).toBeUndefined();
    expect(codeColourCss({ light: themes.light, dark })).toBe(
      '.shiki{--shiki-light:#1f2328;--shiki-dark:#e6edf3;--shiki-light-bg:#ffffff;--shiki-dark-bg:#0d1117}\n',
    );
  });
});
