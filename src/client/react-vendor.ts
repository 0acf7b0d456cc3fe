import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'esbuild';

/** The React entry points the theme may import; all of them are served by one file. */
export const REACT_SPECIFIERS = ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client'] as const;

/**
 * Source of the React file: one module that exports every named export of `REACT_SPECIFIERS`,
 * and React as its default export (`import React from 'react'`). React is one file, not spread
 * over the chunks code splitting would make (react, react-dom and the JSX runtime are each
 * imported by a different set of modules): one download that compresses as a whole, which the
 * entry evaluates alone, in a task of its own (theme/client/entry.tsx). Names are read from the
 * packages themselves (`require` from `themeDir`, where the bundle resolves them), but for the
 * `__…` internals; a name exported by two of them (`version`) is the first one's.
 */
export function reactVendorSource(themeDir: string): string {
  const require = createRequire(path.join(themeDir, 'index.js'));
  const seen = new Set<string>(['default']);
  const lines = REACT_SPECIFIERS.map((specifier, i) => {
    // `__…` names are React's internals, for its own packages (which reach them inside this file).
    const names = Object.keys(require(specifier) as object).filter((n) => !seen.has(n) && /^[A-Za-z$][\w$]*$/.test(n));
    names.forEach((n) => seen.add(n));
    return `import * as m${i} from ${JSON.stringify(specifier)};\nexport const { ${names.join(', ')} } = m${i};`;
  });
  return `${lines.join('\n')}\nimport React from 'react';\nexport default React;\n`;
}

/**
 * In the theme's bundle, every React specifier points at the React file (`./react.ab12.js`,
 * beside the other scripts in `assets/js/`, so it resolves under any base URL).
 */
export function reactExternalsPlugin(file: string): Plugin {
  const specifiers = new Set<string>(REACT_SPECIFIERS);
  return {
    name: 'sitegen-react-file',
    setup(build) {
      build.onResolve({ filter: /^react(-dom)?(\/|$)/ }, (args) => (specifiers.has(args.path) ? { path: file, external: true } : undefined));
    },
  };
}
