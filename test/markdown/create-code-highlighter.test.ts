import type { Element, ElementContent } from 'hast';
import { createHighlighterCore } from 'shiki/core';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import { describe, expect, it } from 'vitest';
import { codeColourCss, resolveCodeThemes } from '../../src/markdown/code-colour-classes.ts';
import { createCodeHighlighter } from '../../src/markdown/create-code-highlighter.ts';
import { declarations, parseCssRules } from './css-rules.ts';

// The single-pass highlighter must colour every character exactly like shiki's two passes.
const codeThemes = { light: 'github-light-default', dark: 'github-dark-default' };
const samples: Record<string, string> = {
  javascript: 'import http from "node:http";\n/** @param {number} a */\nexport async function f(a = 1) {\n  return `x${a}` + /re+\\.\\d/g.source; // c\n}\n',
  typescript: 'import type { A } from "./a.ts";\nexport interface B<T> extends A { readonly x?: T[] }\nconst c = <const T,>(v: T) => v satisfies unknown;\n',
  python: 'import os\n@dec\ndef f(a: int = 1) -> str:\n    """doc"""\n    return f"{a!r}" + r"\\d"  # c\n',
  go: 'package main\nimport "fmt"\nfunc main() { x := map[string]int{"a": 1}; fmt.Println(x) }\n',
  rust: 'fn main() { let mut v: Vec<u8> = vec![1]; println!("{:?}", v); } // c\n',
  shellscript: '#!/bin/bash\nexport A="b $C"\nfor i in $(seq 1 3); do echo "$i" | grep -q x && exit 1; done\n',
  json: '{ "a": [1, true, null], "b": { "c": "d" } }',
  jsonc: '{ "a": 1,, // c\n  b: 2 }',
  php: '<?php\nfunction f($a) { return "x$a"; }\n?>\n<div><?= $b ?></div>',
  diff: 'diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n-old\n+new\n context\n',
};

/** Each rule of the generated stylesheet: selector → custom properties. */
const cssRules = parseCssRules(codeColourCss());

function classesOf(node: Element): string[] {
  const names = [node.properties.class, node.properties.className].flat().filter((v) => v !== undefined && v !== null);
  return names.flatMap((name) => String(name).split(/\s+/)).filter(Boolean);
}

/**
 * The custom properties every character ends up with, inherited down the tree as the browser
 * does: the stylesheet's rule for each class of an element, then its inline style.
 */
function colourPerCharacter(pre: Element): string[] {
  const result: string[] = [];
  const walk = (node: ElementContent, inherited: Record<string, string>) => {
    if (node.type === 'text') {
      const style = JSON.stringify(Object.entries(inherited).sort());
      for (const char of node.value) result.push(/\s/.test(char) ? char : `${char} ${style}`);
    } else if (node.type === 'element') {
      const own = { ...inherited };
      for (const name of classesOf(node)) Object.assign(own, asShikiProperties(cssRules.get(`.${name}`) ?? {}));
      Object.assign(own, declarations(String(node.properties.style ?? '')));
      for (const child of node.children) walk(child, own);
    }
  };
  walk(pre, {});
  return result;
}

/**
 * A token class's declarations as the custom properties shiki's dual themes inline: `color:
 * light-dark(a, b)` is `--shiki-light: a; --shiki-dark: b`, a font style is the same in both.
 */
function asShikiProperties(declarations: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(declarations)) {
    const pair = name === 'color' ? /^light-dark\((\S+), (\S+)\)$/.exec(value) : null;
    if (pair) [out['--shiki-light'], out['--shiki-dark']] = [pair[1], pair[2]];
    else if (name.startsWith('--')) out[name] = value;
    else for (const mode of ['light', 'dark']) out[`--shiki-${mode}-${name}`] = value;
  }
  return out;
}

/** Every class on the token spans (`line` marks lines and is no colour class). */
function tokenClasses(pre: Element): Set<string> {
  const found = new Set<string>();
  const walk = (node: Element) => {
    for (const child of node.children) {
      if (child.type !== 'element') continue;
      for (const name of classesOf(child)) if (name !== 'line') found.add(name);
      walk(child);
    }
  };
  walk(pre);
  return found;
}

describe('createCodeHighlighter', async () => {
  const highlighter = await createCodeHighlighter();
  const reference = await createHighlighterCore({
    themes: [import('shiki/themes/github-light-default.mjs'), import('shiki/themes/github-dark-default.mjs')],
    langs: Object.keys(samples).map((lang) => import(`shiki/langs/${lang}.mjs`)),
    engine: createJavaScriptRegexEngine({ forgiving: true }),
  });

  it.each(Object.entries(samples))('colours %s like shiki dual themes with defaultColor: false', (lang, code) => {
    const mine = highlighter.highlight({ code, lang });
    const theirs = reference.codeToHast(code, { lang, themes: codeThemes, defaultColor: false, tokenizeTimeLimit: 0 }).children[0] as Element;
    expect(colourPerCharacter(mine)).toEqual(colourPerCharacter(theirs));
    // The <pre> carries no inline style: the stylesheet's `.shiki` rule sets what shiki inlines.
    expect(mine.properties.style).toBeUndefined();
    expect(cssRules.get('.shiki')).toEqual(declarations(String(theirs.properties.style)));
  });

  it('emits only classes the generated stylesheet defines, font styles included', () => {
    const emitted = new Set(Object.entries(samples).flatMap(([lang, code]) => [...tokenClasses(highlighter.highlight({ code, lang }))]));
    // The samples reach colour and font classes (bold regex escapes, bold diff ranges, italic invalid JSON).
    expect([...emitted].filter((name) => name.startsWith('f')).sort()).toEqual(['f1', 'f2']);
    expect(emitted.size).toBeGreaterThan(8);
    for (const name of emitted) expect(cssRules.has(`.${name}`), `.${name}`).toBe(true);
  });

  it('derives the same classes in every highlighter, from the themes alone', async () => {
    const other = await createCodeHighlighter();
    for (const [lang, code] of Object.entries(samples)) {
      expect(other.highlight({ code, lang })).toEqual(highlighter.highlight({ code, lang }));
    }
  });

  it('tokenizes twice and keeps shiki\'s inline styles when the themes do not line up', async () => {
    const themes = resolveCodeThemes();
    // An extra dark rule that matches nothing: the rules no longer line up, the colours stay the same.
    const dark = { ...themes.dark, settings: [...themes.dark.settings, { scope: 'sitegen.nothing', settings: { foreground: '#ff0000' } }] };
    const twoPass = await createCodeHighlighter({ themes: { light: themes.light, dark } });
    const code = samples.javascript;
    const mine = twoPass.highlight({ code, lang: 'javascript' });
    const theirs = reference.codeToHast(code, { lang: 'javascript', themes: codeThemes, defaultColor: false, tokenizeTimeLimit: 0 }).children[0] as Element;
    expect(tokenClasses(mine)).toEqual(new Set());
    expect(mine.properties.style).toBe(theirs.properties.style);
    expect(colourPerCharacter(mine)).toEqual(colourPerCharacter(theirs));
  });

  it('returns a fresh copy from its cache, so callers may decorate it', () => {
    const first = highlighter.highlight({ code: 'let a;', lang: 'js' });
    const before = JSON.stringify(first);
    first.properties.className = ['changed'];
    (first.children[0] as Element).children = [];
    expect(JSON.stringify(highlighter.highlight({ code: 'let a;', lang: 'js' }))).toBe(before);
  });
});
