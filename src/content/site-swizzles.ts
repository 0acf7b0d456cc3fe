/**
 * A Docusaurus site's swizzled theme components (`src/theme/<Name>`) that sitegen does not use:
 * its layout draws the footer, navbar, 404 page, doc and blog pages itself, so a site's
 * `src/theme/Footer` changes nothing there. Each is reported once, at its file, so that nothing
 * is ignored silently. A swizzle of a component sitegen provides to MDX and site code (`Tabs`,
 * `CodeBlock`, `MDXComponents`…) is used wherever that code imports it, and is not reported.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';

const scriptRE = /\.(?:[cm]?[jt]sx?)$/;

/** The warnings for `<root>/src/theme`'s components that are not modules sitegen provides (`modules`, `@theme/…` names). */
export function unusedSwizzles(root: string, modules: Readonly<Record<string, string>>): Diagnostic[] {
  const dir = path.join(root, 'src', 'theme');
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const provided = new Set(Object.keys(modules).filter((m) => m.startsWith('@theme/')).map((m) => m.slice('@theme/'.length).split('/')[0]));
  const diagnostics: Diagnostic[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const name = entry.isDirectory() ? entry.name : scriptRE.test(entry.name) ? entry.name.replace(scriptRE, '') : undefined;
    // Theme components are capitalised (`Footer`); `src/theme/prism/` is a site's own helpers.
    if (!name || !/^[A-Z]/.test(name) || provided.has(name)) continue;
    const file = path.posix.join('src/theme', entry.name);
    diagnostics.push({
      file, severity: 'warning', ruleId: 'theme/swizzle',
      message: `\`${file}\` replaces Docusaurus's \`@theme/${name}\`, which sitegen's layout does not use: it draws its own`,
      hint: `Site code that imports \`@theme/${name}\` gets this file; the layout's look comes from sitegen's theme, and from the site's CSS (\`customCss\`).`,
    });
  }
  return diagnostics;
}
