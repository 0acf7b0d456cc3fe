/**
 * Test helper: reads the flat stylesheet `codeColourCss()` writes (`selector{name:value;…}` per
 * rule, no nesting) so tests resolve classes the way the browser would.
 */

/** Selector → declarations, values in lower case. */
export function parseCssRules(css: string): Map<string, Record<string, string>> {
  return new Map([...css.matchAll(/([^{}]+)\{([^}]*)\}/g)].map(([, selector, body]) => [selector.trim(), declarations(body)]));
}

/** `a:b;c:d` (a rule body or an inline style) → `{ a: 'b', c: 'd' }`, values in lower case. */
export function declarations(style: string): Record<string, string> {
  const entries = style.split(';').filter((d) => d.trim()).map((d) => d.split(':').map((s) => s.trim().toLowerCase()));
  return Object.fromEntries(entries);
}
