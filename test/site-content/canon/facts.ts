import { createSiteFence } from '../../../src/content/site-fence.ts';
import { listDataSources, loadDataSource } from '../../../src/markdown/content-data.ts';
import type { FormatOptions } from '../../../src/markdown/fact-format.ts';
import { factText, resolveFact } from '../../../src/markdown/fact-value.ts';
import { root } from './schema.ts';

// The canon checks read Markdown, but a post or page may show a value through `:fact[key]{options}`
// (README › Data). They read it as a reader does: each directive written out with sitegen's own
// lookup and formats, so that a bound value is checked like a typed one.

// Options end at the first `}` outside quotes: an item template holds braces (`item="{name}"`).
const factRE = /:fact\[([^\]\n]+)\](?:\{((?:"[^"\n]*"|[^}"\n])*)\})?/g;
const optionRE = /\s*([\w-]+)(?:="([^"]*)")?/y;
const fence = createSiteFence({ root });
const files = { resolveData: (name: string) => loadDataSource({ fence, name }), listData: () => listDataSources(root) };

/** `date="MMMM D" capital` → `{ date: 'MMMM D', capital: '' }`, as remark-directive reads them. */
function parseOptions(text: string): FormatOptions {
  const options: FormatOptions = {};
  optionRE.lastIndex = 0;
  while (optionRE.lastIndex < text.trimEnd().length) {
    const m = optionRE.exec(text);
    if (!m) throw new Error(`Expected fact options such as {date}, found {${text}}`);
    options[m[1]] = m[2] ?? '';
  }
  return options;
}

/** Markdown with every `:fact[…]{…}` replaced by the text it renders (`{code}` as a code span). */
export function expandFacts(markdown: string): string {
  return markdown.replace(factRE, (_, label: string, attributes = '') => {
    const { code, ...options } = parseOptions(attributes);
    const text = factText(resolveFact(label.trim(), files), options);
    return code === undefined ? text : `\`${text}\``;
  });
}
