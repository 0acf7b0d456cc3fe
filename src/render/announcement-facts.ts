/**
 * Facts in the announcement bar: `:fact[key]{options}` in `announcementBar.content` (inline HTML,
 * not Markdown) is replaced with the fact's text, escaped and marked as on a page
 * (`<span data-fact="key">`), so the bar's dates and numbers come from `content/data` too.
 */
import type { SiteConfig } from '../config/schema.ts';
import { CONFIG_FILE } from '../config/load-config.ts';
import type { SiteFence } from '../content/site-fence.ts';
import { SitegenError } from '../diagnostics/sitegen-error.ts';
import { listDataSources, loadDataSource } from '../markdown/content-data.ts';
import { DataProblem } from '../markdown/data-lookup.ts';
import type { FormatOptions } from '../markdown/fact-format.ts';
import { factText, resolveFact } from '../markdown/fact-value.ts';

// Options end at the first `}` outside quotes, as remark-directive reads them: an item template
// holds braces of its own (`item="{name} ({location})"`).
const factRE = /:fact\[([^\]]+)\](?:\{((?:"[^"]*"|[^}"])*)\})?/g;
const optionRE = /\s*([\w-]+)(?:="([^"]*)")?/y;

/**
 * The bar with its facts written out; a bad key or option fails the build at the config. Data files
 * are read through the site's `fence`, as a page's directives read them.
 */
export function expandAnnouncementFacts(options: { fence: SiteFence; bar: SiteConfig['announcementBar'] }): SiteConfig['announcementBar'] {
  const { fence, bar } = options;
  if (!bar || !bar.content.includes(':fact[')) return bar;
  const files = { resolveData: (name: string) => loadDataSource({ fence, name }), listData: () => listDataSources(fence.root) };
  const content = bar.content.replace(factRE, (_, label: string, attributes = '') => {
    try {
      const text = factText(resolveFact(label.trim(), files), parseOptions(attributes));
      return `<span data-fact="${escape(label.trim())}">${escape(text)}</span>`;
    } catch (error) {
      if (!(error instanceof DataProblem)) throw error;
      throw new SitegenError(`Cannot show a fact in the announcement bar: ${error.message}`, {
        diagnostics: [{ file: CONFIG_FILE, severity: 'error', ruleId: error.ruleId, message: `announcementBar.content: ${error.message}`, hint: error.hint }],
      });
    }
  });
  return { ...bar, content };
}

/** `date="MMMM D, YYYY" capital` → `{ date: 'MMMM D, YYYY', capital: '' }`, as remark-directive reads them. */
function parseOptions(text: string): FormatOptions {
  const options: FormatOptions = {};
  optionRE.lastIndex = 0;
  while (optionRE.lastIndex < text.trimEnd().length) {
    const m = optionRE.exec(text);
    if (!m) throw new DataProblem(`Expected options such as \`{date}\` or \`{date="MMMM D"}\`, found \`{${text}}\``, 'markdown/data-directive');
    options[m[1]] = m[2] ?? '';
  }
  return options;
}

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
