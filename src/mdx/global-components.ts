/**
 * A site's global MDX components (`src/theme/MDXComponents`, as in Docusaurus): components
 * (capitalised names: `Highlight`) are given to every MDX page (theme/mdx/global-mdx-provider.tsx);
 * entries for Markdown's own elements (`h2`, `a`, `img`, `pre`), which Docusaurus also lets a
 * site replace, are not: sitegen renders those elements itself, and most of them become static
 * HTML before React sees the page. A site's entry of that kind is reported once, by name.
 */
import path from 'node:path';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';

type Table = Readonly<Record<string, unknown>>;

/** The site's entries for elements that differ from the theme's (and so are not used). */
export function unusedElementEntries(site: Table, theme: Table): string[] {
  return Object.entries(site ?? {}).filter(([name, value]) => !/^[A-Z]/.test(name) && value !== theme[name]).map(([name]) => name);
}

/** The warning for {@link unusedElementEntries}, at the site's file (`file`, absolute). */
export function unusedElementsDiagnostic(root: string, file: string, unused: string[]): Diagnostic {
  return {
    file: path.relative(root, file).split(path.sep).join('/'), severity: 'warning', ruleId: 'mdx/global-components',
    message: `${unused.map((n) => `\`${n}\``).join(', ')} of the site's MDXComponents ${unused.length === 1 ? 'is' : 'are'} not used: sitegen renders Markdown's own elements itself`,
    hint: 'Components (capitalised names) are given to every MDX page. For the look of headings, links, images or code, use the site\'s CSS (`customCss`); for something else, a component written in the page.',
  };
}
