/**
 * The classes that colour highlighted code, and the stylesheet that defines them. Instead of an
 * inline `style="--shiki-light:…;--shiki-dark:…"` on every token (nearly half the bytes of a
 * code-heavy page), a token carries a short class that sets its colour for both modes at once,
 * `color: light-dark(<light>, <dark>)`, which follows the page's `color-scheme` (tokens.css sets
 * it per colour mode). No custom property on a token, no `var()` to resolve on every span: on a
 * long reference page those were most of the style recalculation (issue 29). The `<pre>` keeps
 * shiki's custom properties for its own colours (`theme/css/markdown.css`).
 *
 * Everything here derives from the two themes alone, never from the code highlighted so far, so
 * every worker thread that renders pages emits the classes the one stylesheet defines:
 *
 * - `cN` — the N-th distinct (light, dark) foreground pair among the theme rules, in rule order.
 *   The pair equal to the themes' default text colours gets no class: the `<pre>` sets those
 *   colours and a token without a class inherits them.
 * - `fN` — a font style, N being shiki's bit mask (1 italic, 2 bold, 4 underline, 8
 *   strikethrough), one class for each distinct `fontStyle` of the theme rules (`f5` is italic
 *   underline).
 */
import { normalizeTheme, type ThemeRegistrationRaw, type ThemeRegistrationResolved } from 'shiki/core';
import githubDarkDefault from 'shiki/themes/github-dark-default.mjs';
import githubLightDefault from 'shiki/themes/github-light-default.mjs';

/** A light and a dark theme, resolved by shiki (`settings`, `fg`, `bg` filled in). */
export interface CodeThemes {
  light: ThemeRegistrationResolved;
  dark: ThemeRegistrationResolved;
}

/** How tokens get their colours from one tokenizing pass; see the module comment. */
export interface CodeClasses {
  /** Tokenize with this theme: rule *i*'s foreground is the placeholder colour *i* + 1 (`#000001`…). */
  theme: ThemeRegistrationResolved;
  /** Placeholder colour (lower case) → its colour class; absent for the default text colours. */
  colourClasses: Map<string, string>;
  /** shiki font style bit mask → class; absent for 0 (normal). */
  fontClasses: Map<number, string>;
  /** Class → the CSS properties it sets, in stylesheet order. */
  rules: Map<string, Record<string, string>>;
}

/**
 * The site's themes as shiki resolves them; their colours end up in `--shiki-light` and
 * `--shiki-dark`. The GitHub "default" themes keep every token colour at WCAG AA (4.5:1) on their
 * backgrounds; the older github-light/github-dark do not (orange variables, dark-mode comments).
 */
export function resolveCodeThemes(): CodeThemes {
  // normalizeTheme writes into the theme's rule list; the imported modules stay untouched.
  const resolve = (theme: ThemeRegistrationRaw) => normalizeTheme(structuredClone(theme));
  return { light: resolve(githubLightDefault), dark: resolve(githubDarkDefault) };
}

/**
 * Derives the class scheme, or returns `undefined` when the themes' rules do not line up one to
 * one (same scopes and font styles in the same order, only colours differing); the highlighter
 * then tokenizes twice and keeps shiki's inline styles.
 */
export function resolveCodeClasses(themes: CodeThemes): CodeClasses | undefined {
  const { light, dark } = themes;
  if (light.settings.length !== dark.settings.length) return undefined;
  const colourClasses = new Map<string, string>();
  const fontClasses = new Map<number, string>();
  const rules = new Map<string, Record<string, string>>();
  // Colour pair → class, numbered in order of first appearance; the default pair has none.
  const pairClasses = new Map<string, string | undefined>();
  const defaultPair = pairKey(light.fg, dark.fg);

  const settings: ThemeRegistrationResolved['settings'] = [];
  for (const [index, rule] of light.settings.entries()) {
    const other = dark.settings[index];
    const sameShape =
      JSON.stringify(rule.scope) === JSON.stringify(other.scope) &&
      Boolean(rule.settings.foreground) === Boolean(other.settings.foreground) &&
      (rule.settings.fontStyle ?? '') === (other.settings.fontStyle ?? '');
    if (!sameShape) return undefined;

    const bits = fontStyleBits(rule.settings.fontStyle);
    if (bits > 0 && !fontClasses.has(bits)) {
      fontClasses.set(bits, `f${bits}`);
      rules.set(`f${bits}`, fontProperties(bits));
    }
    if (!rule.settings.foreground) {
      settings.push(rule);
      continue;
    }
    const lightColour = rule.settings.foreground.toLowerCase();
    const darkColour = other.settings.foreground!.toLowerCase();
    const pair = pairKey(lightColour, darkColour);
    if (!pairClasses.has(pair)) {
      const name = pair === defaultPair ? undefined : `c${pairClasses.size}`;
      pairClasses.set(pair, name);
      if (name) rules.set(name, { color: `light-dark(${lightColour}, ${darkColour})` });
    }
    const placeholder = `#${(index + 1).toString(16).padStart(6, '0')}`;
    const name = pairClasses.get(pair);
    if (name) colourClasses.set(placeholder, name);
    settings.push({ ...rule, settings: { ...rule.settings, foreground: placeholder } });
  }
  // Tokens no rule matches take the global (scope-less) rule's colour; it must be mapped too.
  if (!settings.some((rule) => !rule.scope && rule.settings.foreground)) return undefined;

  const theme: ThemeRegistrationResolved = { ...light, name: 'sitegen-light-dark', settings };
  delete theme.tokenColors;
  return { theme, colourClasses, fontClasses, rules };
}

/**
 * The stylesheet for {@link resolveCodeClasses}: the `<pre>`'s default colours (the custom
 * properties shiki would inline on it) and one rule per class, with the colours and font styles
 * shiki's inline styles would give a token. Pure; bundled into the site's stylesheet through
 * `@import 'sitegen:code-colours'`.
 */
export function codeColourCss(themes: CodeThemes = resolveCodeThemes()): string {
  const rule = (selector: string, properties: Record<string, string>) =>
    `${selector}{${Object.entries(properties).map(([name, value]) => `${name}:${value}`).join(';')}}\n`;
  let css = rule('.shiki', rootProperties(themes));
  for (const [name, properties] of resolveCodeClasses(themes)?.rules ?? []) css += rule(`.${name}`, properties);
  return css;
}

/** The properties shiki's dual themes give a token of a font style (the same in both themes, as resolveCodeClasses checks). */
function fontProperties(bits: number): Record<string, string> {
  const properties: Record<string, string> = {};
  const decorations = [bits & 4 ? 'underline' : '', bits & 8 ? 'line-through' : ''].filter(Boolean).join(' ');
  if (bits & 1) properties['font-style'] = 'italic';
  if (bits & 2) properties['font-weight'] = 'bold';
  if (decorations) properties['text-decoration'] = decorations;
  return properties;
}

/** The custom properties of the `<pre>`: default text colours and backgrounds of both themes. */
function rootProperties({ light, dark }: CodeThemes): Record<string, string> {
  return { '--shiki-light': light.fg, '--shiki-dark': dark.fg, '--shiki-light-bg': light.bg, '--shiki-dark-bg': dark.bg };
}

/** A rule's `fontStyle` as the bit mask shiki puts on tokens (parsed like vscode-textmate does). */
function fontStyleBits(fontStyle: string | undefined): number {
  const bits: Record<string, number> = { italic: 1, bold: 2, underline: 4, strikethrough: 8 };
  return (fontStyle ?? '').split(' ').reduce((mask, word) => mask | (bits[word] ?? 0), 0);
}

function pairKey(light: string, dark: string): string {
  return `${light.toLowerCase()} ${dark.toLowerCase()}`;
}
