/**
 * Docusaurus's `mdx-code-block` fences, unwrapped as Docusaurus does for MDX files: a block
 * written as a code fence so that it reads as code on GitHub, and as MDX on the site.
 *
 * ````md
 * ```mdx-code-block
 * import Tabs from '@theme/Tabs';
 * ```
 * ````
 *
 * Three or four backticks, as in Docusaurus. The fence lines become empty lines, so every line
 * of the file keeps its number (diagnostics point at the file as written).
 */
const fenceREs = [
  /(^|\r?\n)```[ ]*mdx-code-block\r?\n(.*?)\r?\n```(?=\r?\n|$)/gs,
  /(^|\r?\n)````[ ]*mdx-code-block\r?\n(.*?)\r?\n````(?=\r?\n|$)/gs,
];

/** The body with its `mdx-code-block` fences unwrapped. */
export function unwrapMdxCodeBlocks(body: string): string {
  if (!body.includes('mdx-code-block')) return body;
  return fenceREs.reduce((text, re) => text.replace(re, (_all, begin: string, children: string) => `${begin}\n${children}\n`), body);
}
