import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Message } from 'esbuild';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { editDistance } from '../util/did-you-mean.ts';

const unresolvedRE = /^Could not resolve "([^"]+)"/;

/**
 * One esbuild message about the pages' bundle as a diagnostic at its file:line:col (relative to
 * the site root). An import that cannot be resolved names the closest files beside the path it
 * asked for (`./Card` for `./card.tsx`), or says how to install a package.
 */
export function importErrorDiagnostic(message: Message, context: { siteRoot: string }): Diagnostic {
  const at = message.location
    ? { file: message.location.file, line: message.location.line, column: message.location.column + 1 }
    : { file: 'src/pages' };
  if (message.text.startsWith('Cannot import ')) {
    // A Docusaurus module name the theme does not provide (pageImportsPlugin wrote the message).
    return {
      ...at, severity: 'error', ruleId: 'pages/unresolved-import', message: message.text,
      hint: 'sitegen provides the Docusaurus modules of its theme (theme/mdx/modules.ts); write the component in the site (`@site/src/components/…`) or drop the import.',
    };
  }
  const spec = unresolvedRE.exec(message.text)?.[1];
  if (spec === undefined) {
    return { ...at, severity: 'error', ruleId: 'pages/bundle', message: `Cannot bundle the page: ${message.text}` };
  }
  const base = message.location ? path.dirname(path.resolve(context.siteRoot, message.location.file)) : context.siteRoot;
  const local = spec.startsWith('.') || spec.startsWith('/') || spec.startsWith('@site/');
  const candidates = local ? closestFiles(spec, spec.startsWith('@site/') ? context.siteRoot : base) : [];
  return {
    ...at, severity: 'error', ruleId: 'pages/unresolved-import',
    message: `Cannot resolve \`${spec}\`${candidates.length ? `; did you mean ${candidates.map((c) => `\`${c}\``).join(' or ')}?` : ''}`,
    hint: local
      ? 'Fix the path: relative imports start from the importing file, `@site/…` from the site folder.'
      : `Install the package in the site folder (\`npm install ${packageName(spec)}\`): sitegen bundles what pages import, except React.`,
  };
}

/** Up to three files near the path `spec` names, written as `spec` would be (`./card.tsx`). */
function closestFiles(spec: string, from: string): string[] {
  const rest = spec.startsWith('@site/') ? spec.slice('@site/'.length) : spec;
  const dir = path.resolve(from, path.dirname(rest));
  const wanted = path.basename(rest).toLowerCase();
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => !n.startsWith('.'));
  } catch {
    return [];
  }
  const prefix = spec.slice(0, spec.length - path.basename(rest).length);
  const stem = (n: string) => n.toLowerCase().replace(/\.[^.]+$/, '');
  const scored = names
    .map((name) => ({ name, d: Math.min(editDistance(wanted, name.toLowerCase()), editDistance(stem(wanted), stem(name))) }))
    .filter((c) => c.d <= Math.max(2, Math.floor(wanted.length / 3)))
    .sort((a, b) => a.d - b.d || a.name.localeCompare(b.name));
  return scored.slice(0, 3).map((c) => `${prefix}${c.name}`);
}

/** `@scope/pkg/sub` → `@scope/pkg`; `pkg/sub` → `pkg`. */
function packageName(spec: string): string {
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}
