import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'esbuild';

/** The React entry points the theme may import; all of them are served by one file. */
export const REACT_SPECIFIERS = ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client'] as const;

/** The React file's export of every entry point's module whole (see reactVendorSource). */
export const REACT_MODULES_EXPORT = '__sitegenReact';

/**
 * Source of the React file: one module that exports every named export of `REACT_SPECIFIERS`,
 * and React as its default export (`import React from 'react'`). React is one file, not spread
 * over the chunks code splitting would make (react, react-dom and the JSX runtime are each
 * imported by a different set of modules): one download that compresses as a whole, which the
 * entry evaluates alone, in a task of its own (theme/client/entry.tsx). Names are read from the
 * packages themselves (`require` from `themeDir`, where the bundle resolves them), but for the
 * `__…` internals; a name exported by two of them (`version`) is the first one's. With `wanted`
 * (`importedReactNames`), only those names are exported: every export keeps its name in the file.
 */
export function reactVendorSource(themeDir: string, wanted?: Set<string>): string {
  const require = createRequire(path.join(themeDir, 'index.js'));
  const seen = new Set<string>(['default']);
  const lines = REACT_SPECIFIERS.map((specifier, i) => {
    // `__…` names are React's internals, for its own packages (which reach them inside this file).
    const names = Object.keys(require(specifier) as object).filter((n) => !seen.has(n) && /^[A-Za-z$][\w$]*$/.test(n) && (!wanted || wanted.has(n)));
    names.forEach((n) => seen.add(n));
    return `import * as m${i} from ${JSON.stringify(specifier)};${names.length ? `\nexport const { ${names.join(', ')} } = m${i};` : ''}`;
  });
  // Every entry point whole, in the order of REACT_SPECIFIERS, for the islands of MDX pages,
  // which may import any name (src/mdx/bundle-islands.ts): one export, a few bytes.
  const all = `export const ${REACT_MODULES_EXPORT} = [${REACT_SPECIFIERS.map((_, i) => `m${i}`).join(', ')}];`;
  return `${lines.join('\n')}\n${all}\nimport React from 'react';\nexport default React;\n`;
}

/**
 * In the theme's bundle, every React specifier points at the React file (`./react.ab12.js`,
 * beside the other scripts in `assets/js/`, so it resolves under any base URL). Without `file`,
 * each is left external as it is (`react`), for `importedReactNames`.
 */
export function reactExternalsPlugin(file?: string): Plugin {
  const specifiers = new Set<string>(REACT_SPECIFIERS);
  return {
    name: 'sitegen-react-file',
    setup(build) {
      build.onResolve({ filter: /^react(-dom)?(\/|$)/ }, (args) => (specifiers.has(args.path) ? { path: file ?? args.path, external: true } : undefined));
    },
  };
}

const SPECIFIER = String.raw`["'](?:react|react-dom|react-dom/client|react/jsx-runtime)["']`;

/**
 * The names the theme's scripts import from React, read from esbuild's output built with the
 * React specifiers left as they are (`reactExternalsPlugin()`): minified, each import is
 * `import{useState as a,jsx as b}from"react"`. `undefined` (export every name) when the code
 * refers to React any other way: a default or namespace import, a re-export, a bare import, an
 * `import()` whose result may be read. The one exception is the entry's `import()` of React
 * (theme/client/entry.tsx), which only runs the file, in a task of its own, before the runtime
 * that imports its names: `entry` is that script's code.
 */
export function importedReactNames(code: string[], entry: string): Set<string> | undefined {
  const names = new Set<string>();
  let references = 0;
  let named = 0;
  for (const text of code) {
    references += text.match(new RegExp(SPECIFIER, 'g'))?.length ?? 0;
    if (text === entry) named += text.match(new RegExp(String.raw`\bimport\(\s*${SPECIFIER}\s*\)\.then\(\s*[\w$]+\s*\)`, 'g'))?.length ?? 0;
    for (const m of text.matchAll(new RegExp(String.raw`\bimport\s*\{([^}]*)\}\s*from\s*${SPECIFIER}`, 'g'))) {
      named++;
      for (const part of m[1].split(',')) {
        const name = part.trim().split(/\s+as\s+/)[0];
        if (name) names.add(name);
      }
    }
  }
  return references === named && !names.has('default') ? names : undefined;
}
