import type { Element, ElementContent } from 'hast';
import { createHighlighterCore } from 'shiki/core';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import { describe, expect, it } from 'vitest';
import { codeThemes, createCodeHighlighter } from '../../src/markdown/create-code-highlighter.ts';

// The single-pass highlighter must colour every character exactly like shiki's two passes.
const samples: Record<string, string> = {
  javascript: 'import http from "node:http";\n/** @param {number} a */\nexport async function f(a = 1) {\n  return `x${a}` + /re+/g.source; // c\n}\n',
  typescript: 'import type { A } from "./a.ts";\nexport interface B<T> extends A { readonly x?: T[] }\nconst c = <const T,>(v: T) => v satisfies unknown;\n',
  python: 'import os\n@dec\ndef f(a: int = 1) -> str:\n    """doc"""\n    return f"{a!r}" + r"\\d"  # c\n',
  go: 'package main\nimport "fmt"\nfunc main() { x := map[string]int{"a": 1}; fmt.Println(x) }\n',
  rust: 'fn main() { let mut v: Vec<u8> = vec![1]; println!("{:?}", v); } // c\n',
  shellscript: '#!/bin/bash\nexport A="b $C"\nfor i in $(seq 1 3); do echo "$i" | grep -q x && exit 1; done\n',
  json: '{ "a": [1, true, null], "b": { "c": "d" } }',
  php: '<?php\nfunction f($a) { return "x$a"; }\n?>\n<div><?= $b ?></div>',
};

function colourPerCharacter(pre: Element): string[] {
  const result: string[] = [];
  const walk = (node: ElementContent, style: string) => {
    if (node.type === 'text') {
      for (const char of node.value) result.push(/\s/.test(char) ? char : `${char} ${style}`);
    } else if (node.type === 'element') {
      for (const child of node.children) walk(child, String(node.properties.style ?? style));
    }
  };
  walk(pre, '');
  return result;
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
    expect(mine.properties.style).toBe(theirs.properties.style);
  });

  it('returns a fresh copy from its cache, so callers may decorate it', () => {
    const first = highlighter.highlight({ code: 'let a;', lang: 'js' });
    const before = JSON.stringify(first);
    first.properties.className = ['changed'];
    (first.children[0] as Element).children = [];
    expect(JSON.stringify(highlighter.highlight({ code: 'let a;', lang: 'js' }))).toBe(before);
  });
});
