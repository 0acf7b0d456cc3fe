import { z } from 'zod';

/** A unified plugin as a config names it: the function, or `[function, options]`. */
const plugin = z.union([
  z.custom<(...args: never[]) => unknown>((value) => typeof value === 'function', 'expected a plugin function'),
  z.tuple([z.custom<(...args: never[]) => unknown>((value) => typeof value === 'function', 'expected a plugin function'), z.unknown()]),
]);
const pluginList = z.array(plugin).default([]);

/** `markdown` of site.config.ts (src/config/schema.ts): how content files are read and rendered. */
export const markdownSchema = z.strictObject({
    /**
     * `$…$` and `$$…$$` render as formulas with KaTeX (link its stylesheet in `stylesheets`).
     * Off by default, as in Docusaurus: with it on, `costs $5 today and $10 tomorrow` is a formula.
     * @default false
     */
    math: z.boolean().default(false),
    /**
     * MDX in a `.md` file (`import`/`export` lines, `<Tabs>`-style JSX, `{/* comments *\/}`) is
     * left out of the page and reported once per file: as a warning, or an error with `'throw'`.
     * @default 'warn'
     */
    onMdxSyntax: z.enum(['warn', 'throw']).default('warn'),
    /**
     * How content files are parsed, as in Docusaurus 3: `'mdx'` every file as MDX (imports,
     * JSX, `{expressions}`), `'md'` as CommonMark, `'detect'` by extension (`.mdx` MDX, `.md`
     * CommonMark). A file's front matter `format` overrides it. Files read as CommonMark keep
     * the `onMdxSyntax` report for MDX-looking lines.
     * @default 'detect'
     */
    format: z.enum(['mdx', 'md', 'detect']).default('detect'),
    /**
     * The kinds of magic comments in code blocks (Docusaurus's `prism.magicComments`): each a
     * `className` for the lines it marks, a `line` comment (marks the next line) and/or a
     * `block: { start, end }` pair. Given, it replaces the default (highlighting with
     * `highlight-next-line`, `highlight-start`, `highlight-end`), as in Docusaurus.
     */
    /**
     * ```` ```mermaid ```` code blocks are drawn as diagrams (Docusaurus's `markdown.mermaid` with
     * `@docusaurus/theme-mermaid`), with the site's installed `mermaid` package, in the page's
     * colour mode (`mermaidTheme`). Pages without a diagram load none of it. @default false
     */
    mermaid: z.boolean().default(false),
    /** Mermaid's theme in each colour mode (Docusaurus's `themeConfig.mermaid.theme`). */
    mermaidTheme: z.strictObject({ light: z.string().default('default'), dark: z.string().default('dark') }).prefault({}),
    magicComments: z.array(z.strictObject({
      className: z.string().min(1),
      line: z.string().min(1).optional(),
      block: z.strictObject({ start: z.string().min(1), end: z.string().min(1) }).optional(),
    })).optional(),
    /**
     * The site's own remark plugins (a plugin, or `[plugin, options]`), as in Docusaurus: run on
     * Markdown and MDX alike, before sitegen's (`beforeDefaultRemarkPlugins`, they see the tree
     * as parsed) or after them (`remarkPlugins`, before conversion to HTML).
     * @default []
     */
    beforeDefaultRemarkPlugins: pluginList,
    remarkPlugins: pluginList,
    /** The same for rehype, on the HTML tree: before sitegen's, or after them. @default [] */
    beforeDefaultRehypePlugins: pluginList,
    rehypePlugins: pluginList,
  }).prefault({});
