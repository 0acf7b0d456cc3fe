import { z } from 'zod';

const headingLevel = z.number().int().min(2).max(6);
/** Front matter `format`: how the file is parsed (see src/mdx/mdx-format.ts). */
const format = z.enum(['md', 'mdx', 'detect']);
const keywords = z.union([z.array(z.string()), z.string().transform((s) => s.split(',').map((k) => k.trim()))]);

/**
 * Docs front matter (Docusaurus-compatible). Unknown keys pass through, as Docusaurus has many
 * more (`pagination_next`, `custom_edit_url`…) that an existing site may carry.
 */
export const docFrontMatterSchema = z.looseObject({
  id: z.string().regex(/^[^/]+$/, 'an id cannot contain `/`').optional(),
  title: z.string().optional(),
  sidebar_label: z.string().optional(),
  sidebar_position: z.number().optional(),
  slug: z.string().optional(),
  description: z.string().optional(),
  keywords: keywords.optional(),
  hide_table_of_contents: z.boolean().optional(),
  /** Hides the title the theme renders; a `# Title` in the body still shows (as in Docusaurus). */
  hide_title: z.boolean().optional(),
  toc_min_heading_level: headingLevel.optional(),
  toc_max_heading_level: headingLevel.optional(),
  draft: z.boolean().optional(),
  custom_edit_url: z.string().nullable().optional(),
  format: format.optional(),
  /**
   * Docusaurus's `last_update: { date, author }`: shown instead of the last commit's date and
   * author (a page whose commits are not its own history, a date that must match the site's world).
   */
  last_update: z.strictObject({
    // YAML reads `2023-11-06` as a date, and `2023-02-30` as text: both come out as `YYYY-MM-DD`.
    date: z.union([z.date().transform((d) => d.toISOString().slice(0, 10)), z.string()])
      .refine((d) => /^\d{4}-\d{2}-\d{2}$/.test(d) && !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), 'expected a real date written YYYY-MM-DD')
      .optional(),
    author: z.string().optional(),
  }).optional(),
});

const inlineAuthor = z.looseObject({
  name: z.string(),
  title: z.string().optional(),
  url: z.string().optional(),
  image_url: z.string().optional(),
  imageURL: z.string().optional(),
  /** authors.yml only (Docusaurus 3.5+): the author gets a page of their posts, at their key or `permalink`. */
  page: z.union([z.boolean(), z.strictObject({ permalink: z.string().min(1) })]).optional(),
});

/** Blog post front matter (Docusaurus-compatible). */
export const postFrontMatterSchema = z.looseObject({
  title: z.string().optional(),
  authors: z.union([z.string(), inlineAuthor, z.array(z.union([z.string(), inlineAuthor]))]).optional(),
  tags: z.array(z.union([z.string(), z.looseObject({ label: z.string() })])).optional(),
  date: z.union([z.date(), z.string()]).optional(),
  slug: z.string().optional(),
  description: z.string().optional(),
  image: z.string().optional(),
  hide_table_of_contents: z.boolean().optional(),
  draft: z.boolean().optional(),
  format: format.optional(),
});

/** `_category_.json` */
export const categorySchema = z.strictObject({
  label: z.string().optional(),
  position: z.number().optional(),
  collapsed: z.boolean().optional(),
  collapsible: z.boolean().optional(),
  className: z.string().optional(),
  description: z.string().optional(),
  link: z.union([
    z.strictObject({
      type: z.literal('generated-index'),
      slug: z.string().optional(),
      title: z.string().optional(),
      description: z.string().optional(),
    }),
    z.strictObject({ type: z.literal('doc'), id: z.string() }),
  ]).nullable().optional(),
});

/** `authors.yml`: key → author. */
export const authorsFileSchema = z.record(z.string(), inlineAuthor);

export type DocFrontMatter = z.output<typeof docFrontMatterSchema>;
export type PostFrontMatter = z.output<typeof postFrontMatterSchema>;
