/**
 * Which parser reads a content file, with Docusaurus 3's semantics of `markdown.format` and the
 * front matter `format`: `'mdx'` reads every file as MDX, `'md'` as CommonMark (GFM), and
 * `'detect'` by extension (`.mdx` is MDX, `.md` is CommonMark). A file's front matter `format`
 * overrides the site's setting (`detect` there means the same as in the config).
 *
 * Our default is `'detect'` (Docusaurus's is `'mdx'`): plain `.md` files then stay on the
 * Markdown fast path, byte for byte what they rendered before MDX was supported.
 */

/** A value of `markdown.format` or of the front matter `format`. */
export type MarkdownFormat = 'mdx' | 'md' | 'detect';

/** `'mdx'` when the file is read as MDX, else `'md'`. */
export function resolveMarkdownFormat(options: { file: string; configured: MarkdownFormat; frontMatter?: MarkdownFormat }): 'mdx' | 'md' {
  const format = options.frontMatter ?? options.configured;
  if (format !== 'detect') return format;
  return options.file.endsWith('.mdx') ? 'mdx' : 'md';
}

/** A path of a content file sitegen reads as Markdown or MDX (`x.md`, `x.mdx`). */
export const contentFileRE = /\.mdx?$/;
