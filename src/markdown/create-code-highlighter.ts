/**
 * Creates the code highlighter used for every code block: shiki's fine-grained core with the
 * Oniguruma WebAssembly engine and only the languages the content guide promises. Output is
 * shiki's `<pre><code>` with one `span.line` per line, coloured for both themes at once.
 *
 * Speed-up: shiki tokenizes once per theme, which doubles the cost of every block. The two GitHub
 * themes share the same rules in the same order (only colours differ), so we tokenize once with a
 * combined theme whose rule *i* has the placeholder colour *i*, then map each placeholder back to
 * the two real colours. Every character gets the same colours as with shiki's two passes (tested;
 * only the span boundaries may differ). If the themes ever stop lining up, we use the two passes.
 *
 * Size: a token gets a short class (`c3`, `f1`) rather than shiki's inline custom properties,
 * which were half the bytes of a code-heavy page; `code-colour-classes.ts` derives the classes
 * and their stylesheet from the themes. Tokens in the default text colour lose their `<span>`.
 */
import type { Element, ElementContent } from 'hast';
import { createHighlighterCore, type LanguageInput, type ShikiTransformer } from 'shiki/core';
import { createOnigurumaEngine } from 'shiki/engine/oniguruma';
import { type CodeClasses, type CodeThemes, resolveCodeClasses, resolveCodeThemes } from './code-colour-classes.ts';

/** Highlights one block; a language not in `languages` is shown as plain `text`. */
export interface CodeHighlighter {
  /** Loaded language ids and aliases (`js`, `ts`, `bash`, `shell`, `yml`…). */
  languages: ReadonlySet<string>;
  /** Returns the `<pre class="shiki"><code>` element, one `span.line` per line. */
  highlight(input: { code: string; lang: string }): Element;
}

/** Options for {@link createCodeHighlighter}. */
export interface CodeHighlighterOptions {
  /** Defaults to the site's themes; the stylesheet from `codeColourCss()` must use the same. */
  themes?: CodeThemes;
  /**
   * Highlighted blocks kept (oldest dropped first). In dev a page is re-rendered on every save
   * while most of its code blocks stay the same; a build highlights each block once, so its
   * worker threads keep few. @default 1000
   */
  cacheSize?: number;
}

/**
 * Loads grammars and themes. Grammars compile their regexes on first use, so the first block of
 * each language costs more than the next ones (C++ the most, about two seconds).
 */
export async function createCodeHighlighter(options: CodeHighlighterOptions = {}): Promise<CodeHighlighter> {
  const { themes = resolveCodeThemes(), cacheSize = 1000 } = options;
  const classes = resolveCodeClasses(themes);
  const shiki = await createHighlighterCore({
    themes: classes ? [classes.theme] : [themes.light, themes.dark],
    langs: languages(),
    // The WebAssembly engine costs ~0.2 s to start but compiles grammars and scans about twice as
    // fast as the JavaScript regex engine on this site's code (6.3 s → 3.3 s cold, measured), and
    // runs every Oniguruma pattern the grammars use.
    engine: createOnigurumaEngine(import('shiki/wasm')),
  });

  const cache = new Map<string, Element>();
  const transformers = classes ? [classNames(classes)] : [];
  const themeNames = { light: themes.light.name, dark: themes.dark.name };

  const loaded = new Set(shiki.getLoadedLanguages());
  return {
    languages: loaded,
    highlight({ code, lang: asked }) {
      const lang = loaded.has(asked) ? asked : 'text';
      const key = `${lang}\n${code}`;
      let pre = cache.get(key);
      if (!pre) {
        // The `.shiki` rule of the code colour stylesheet sets the `<pre>`'s colours.
        const root = classes
          ? shiki.codeToHast(code, { lang, theme: classes.theme.name, transformers, rootStyle: false, tokenizeTimeLimit })
          : shiki.codeToHast(code, { lang, themes: themeNames, defaultColor: false, tokenizeTimeLimit });
        pre = root.children[0] as Element;
        if (cache.size >= cacheSize) cache.delete(cache.keys().next().value!);
        cache.set(key, pre);
      }
      // Callers decorate the element (classes, highlighted lines); the cached one stays clean.
      return cloneElement(pre);
    },
  };
}

/**
 * Per-line time limit (ms). shiki's default of 500 ms includes compiling a grammar's regexes on
 * first use, so on a busy machine the first block of a language came out partly uncoloured (and
 * was cached that way). Ten seconds still stops a pathological line from hanging the build.
 */
const tokenizeTimeLimit = 10_000;

/** Turns placeholder colours and font styles into classes; unclassed tokens become plain text. */
function classNames({ colourClasses, fontClasses }: CodeClasses): ShikiTransformer {
  return {
    name: 'sitegen:class-names',
    tokens(lines) {
      return lines.map((line) => {
        const merged: typeof line = [];
        for (const token of line) {
          // Tokens without colour (`text`, unknown languages) or in the default one inherit the <pre>'s.
          const names = [colourClasses.get(token.color?.toLowerCase() ?? ''), fontClasses.get(token.fontStyle ?? 0)];
          const className = names.filter(Boolean).join(' ');
          // One placeholder per rule splits tokens that two passes would have merged (same colours).
          const previous = merged.at(-1);
          if (previous && (previous.htmlAttrs?.class ?? '') === className) previous.content += token.content;
          else merged.push({ ...token, htmlStyle: {}, htmlAttrs: className ? { class: className } : undefined });
        }
        return merged;
      });
    },
    line(node) {
      // `<span>` without attributes adds nothing: its text takes the line's colours.
      node.children = node.children.flatMap((child) =>
        child.type === 'element' && Object.keys(child.properties).length === 0 ? child.children : [child],
      );
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

/**
 * The build's highlighter on this thread, made at its first use (shiki's grammars take ~0.7 s
 * to load: a build that highlights nothing here never pays for them). One per build: the MDX
 * pages' renderer and the React pages' share it (Markdown's workers each have their own).
 */
export function lazyCodeHighlighter(options: CodeHighlighterOptions = {}): () => Promise<CodeHighlighter> {
  let made: Promise<CodeHighlighter> | undefined;
  return () => (made ??= createCodeHighlighter(options));
}
