/**
 * Creates the code highlighter used for every code block: shiki's fine-grained core with the
 * Oniguruma WebAssembly engine and only the languages the content guide
 * promises. Output is shiki's dual-theme markup with `defaultColor: false`: every token carries
 * `--shiki-light` and `--shiki-dark` custom properties and the theme's CSS picks one.
 *
 * The GitHub "default" themes keep every token colour at WCAG AA (4.5:1) on their backgrounds;
 * the older github-light/github-dark do not (orange variables, dark-mode comments).
 *
 * Speed-up: shiki tokenizes once per theme, which doubles the cost of every block. The two GitHub
 * themes share the same rules in the same order (only colours differ), so we tokenize once with a
 * combined theme whose rule *i* has the placeholder colour *i*, then map each placeholder back to
 * the two real colours. Every character gets the same colours as with shiki's two passes (tested;
 * only the span boundaries may differ). If the themes ever stop lining up, we use the two passes.
 */
import type { Element, ElementContent } from 'hast';
import {
  createHighlighterCore,
  type LanguageInput,
  type ShikiTransformer,
  type ThemedToken,
  type ThemeRegistrationResolved,
} from 'shiki/core';
import { createOnigurumaEngine } from 'shiki/engine/oniguruma';

/** Highlights one block; `lang` must be in `languages` or `text`. */
export interface CodeHighlighter {
  /** Loaded language ids and aliases (`js`, `ts`, `bash`, `shell`, `yml`…). */
  languages: ReadonlySet<string>;
  /** Returns the `<pre class="shiki"><code>` element, one `span.line` per line. */
  highlight(input: { code: string; lang: string }): Element;
}

/** The two themes; both end up as CSS variables (`--shiki-light`, `--shiki-dark`). */
export const codeThemes = { light: 'github-light-default', dark: 'github-dark-default' } as const;
const combinedName = 'sitegen-light-dark';

/**
 * Loads grammars and themes. Grammars compile their regexes on first use, so the first block of
 * each language costs more than the next ones (C++ the most, about two seconds).
 */
export async function createCodeHighlighter(): Promise<CodeHighlighter> {
  const shiki = await createHighlighterCore({
    themes: [import('shiki/themes/github-light-default.mjs'), import('shiki/themes/github-dark-default.mjs')],
    langs: languages(),
    // The WebAssembly engine costs ~0.2 s to start but compiles grammars and scans about twice as
    // fast as the JavaScript regex engine on this site's code (6.3 s → 3.3 s cold, measured), and
    // runs every Oniguruma pattern the grammars use.
    engine: createOnigurumaEngine(import('shiki/wasm')),
  });
  const light = shiki.getTheme(codeThemes.light);
  const dark = shiki.getTheme(codeThemes.dark);
  const rootStyle = `--shiki-light:${light.fg};--shiki-dark:${dark.fg};--shiki-light-bg:${light.bg};--shiki-dark-bg:${dark.bg}`;
  const combined = combineThemes(light, dark);
  if (combined) await shiki.loadTheme(combined.theme);

  // In dev a page is re-rendered on every save while most of its code blocks stay the same.
  const cache = new Map<string, Element>();
  const transformers = combined ? [splitColours(combined.colours, rootStyle)] : [];

  return {
    languages: new Set(shiki.getLoadedLanguages()),
    highlight({ code, lang }) {
      const key = `${lang}\n${code}`;
      let pre = cache.get(key);
      if (!pre) {
        const root = combined
          ? shiki.codeToHast(code, { lang, theme: combinedName, transformers, tokenizeTimeLimit })
          : shiki.codeToHast(code, { lang, themes: codeThemes, defaultColor: false, tokenizeTimeLimit });
        pre = root.children[0] as Element;
        if (cache.size >= cacheSize) cache.delete(cache.keys().next().value!);
        cache.set(key, pre);
      }
      // Callers decorate the element (classes, highlighted lines); the cached one stays clean.
      return cloneElement(pre);
    },
  };
}

/** Highlighted blocks kept per highlighter (oldest dropped first). */
const cacheSize = 1000;

/**
 * Per-line time limit (ms). shiki's default of 500 ms includes compiling a grammar's regexes on
 * first use, so on a busy machine the first block of a language came out partly uncoloured (and
 * was cached that way). Ten seconds still stops a pathological line from hanging the build.
 */
const tokenizeTimeLimit = 10_000;

/** The combined theme, or `undefined` when the two themes' rules do not line up one to one. */
function combineThemes(
  light: ThemeRegistrationResolved,
  dark: ThemeRegistrationResolved,
): { theme: ThemeRegistrationResolved; colours: Map<string, [string, string]> } | undefined {
  if (light.settings.length !== dark.settings.length) return undefined;
  const colours = new Map<string, [string, string]>();
  const settings = light.settings.map((rule, index) => {
    const other = dark.settings[index];
    const sameShape =
      JSON.stringify(rule.scope) === JSON.stringify(other.scope) &&
      Boolean(rule.settings.foreground) === Boolean(other.settings.foreground) &&
      (rule.settings.fontStyle ?? '') === (other.settings.fontStyle ?? '');
    if (!sameShape) return undefined;
    if (!rule.settings.foreground) return rule;
    const placeholder = `#${(index + 1).toString(16).padStart(6, '0')}`.toUpperCase();
    colours.set(placeholder, [rule.settings.foreground.toUpperCase(), other.settings.foreground!.toUpperCase()]);
    return { ...rule, settings: { ...rule.settings, foreground: placeholder } };
  });
  // Tokens no rule matches take the global (scope-less) rule's colour; it must be mapped too.
  if (settings.includes(undefined) || !settings.some((rule) => !rule!.scope && rule!.settings.foreground)) return undefined;
  const theme = { ...light, name: combinedName, settings: settings as ThemeRegistrationResolved['settings'] };
  delete theme.tokenColors;
  return { theme, colours };
}

/** Rewrites placeholder colours into shiki's dual-theme CSS variables (same order and spelling). */
function splitColours(colours: Map<string, [string, string]>, rootStyle: string): ShikiTransformer {
  return {
    name: 'sitegen:split-colours',
    tokens(lines) {
      return lines.map((line) => {
        const merged: typeof line = [];
        for (const token of line) {
          // One placeholder per rule splits tokens that two passes would have merged (same colours).
          const previous = merged.at(-1);
          if (previous && sameColours(previous, token)) previous.content += token.content;
          else merged.push({ ...token });
        }
        for (const token of merged) token.htmlStyle = dualStyle(token);
        return merged;
      });

      function sameColours(a: ThemedToken, b: ThemedToken): boolean {
        const colourA = colours.get(a.color?.toUpperCase() ?? '');
        const colourB = colours.get(b.color?.toUpperCase() ?? '');
        return a.fontStyle === b.fontStyle && colourA?.[0] === colourB?.[0] && colourA?.[1] === colourB?.[1];
      }
      function dualStyle(token: ThemedToken): Record<string, string> | undefined {
        if (!token.color) return undefined; // plain text (`text`, unknown languages) has no colour at all
        const [lightColour, darkColour] = colours.get(token.color.toUpperCase()) ?? ['inherit', 'inherit'];
        const fontStyle = token.fontStyle ?? 0;
        const style: Record<string, string> = {};
        for (const [variant, colour] of [['light', lightColour], ['dark', darkColour]] as const) {
          style[`--shiki-${variant}`] = colour;
          if (fontStyle & 1) style[`--shiki-${variant}-font-style`] = 'italic';
          if (fontStyle & 2) style[`--shiki-${variant}-font-weight`] = 'bold';
          const decorations = [fontStyle & 4 ? 'underline' : '', fontStyle & 8 ? 'line-through' : ''].filter(Boolean);
          if (decorations.length > 0) style[`--shiki-${variant}-text-decoration`] = decorations.join(' ');
        }
        return style;
      }
    },
    pre(node) {
      node.properties.style = rootStyle;
    },
  };
}

/** A deep copy of shiki's output (elements and text only); several times faster than structuredClone. */
function cloneElement(element: Element): Element {
  return {
    type: 'element',
    tagName: element.tagName,
    properties: { ...element.properties },
    children: element.children.map(
      (child): ElementContent => (child.type === 'element' ? cloneElement(child) : { ...child }),
    ),
  };
}

// Aliases (js, ts, bash, shell, yml…) come with their grammars; `text` is built in.
const languages = (): LanguageInput[] => [
  import('shiki/langs/javascript.mjs'),
  import('shiki/langs/typescript.mjs'),
  import('shiki/langs/jsx.mjs'),
  import('shiki/langs/tsx.mjs'),
  import('shiki/langs/json.mjs'),
  import('shiki/langs/jsonc.mjs'),
  import('shiki/langs/python.mjs'),
  import('shiki/langs/go.mjs'),
  import('shiki/langs/rust.mjs'),
  import('shiki/langs/shellscript.mjs'),
  import('shiki/langs/yaml.mjs'),
  import('shiki/langs/toml.mjs'),
  import('shiki/langs/http.mjs'),
  import('shiki/langs/java.mjs'),
  import('shiki/langs/csharp.mjs'),
  import('shiki/langs/kotlin.mjs'),
  import('shiki/langs/ruby.mjs'),
  import('shiki/langs/php.mjs'),
  import('shiki/langs/elixir.mjs'),
  import('shiki/langs/swift.mjs'),
  import('shiki/langs/cpp.mjs'),
  import('shiki/langs/c.mjs'),
  import('shiki/langs/diff.mjs'),
];
