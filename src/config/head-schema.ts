import { z } from 'zod';

/** An attribute's value as a head tag writes it: text, or `true` for a bare attribute (`async`). */
const attributeValue = z.union([z.string(), z.boolean()]);

/**
 * `headTags` of site.config.ts (Docusaurus's): elements added to every page's `<head>`, as
 * written: `{ tagName: 'link', attributes: { rel: 'preconnect', href: 'https://cdn.example' } }`.
 * Trusted: they come from the site's own config. An inline script (`innerHTML` of a `script`)
 * is allowed by the `_headers` Content-Security-Policy by its hash.
 */
export const headTagsSchema = z.array(z.strictObject({
  tagName: z.string().regex(/^[a-z][a-z0-9-]*$/, 'expected an element name such as `link` or `meta`'),
  attributes: z.record(z.string().regex(/^[a-zA-Z_:][-a-zA-Z0-9_:.]*$/, 'expected an attribute name'), attributeValue).default({}),
  innerHTML: z.string().optional(),
})).default([]);

/**
 * `scripts` of site.config.ts (Docusaurus's): scripts every page loads, in its `<head>`: a URL,
 * or `{ src, async?, defer?, … }` with the script element's attributes. Another origin's is
 * allowed by the `_headers` Content-Security-Policy.
 */
export const scriptsSchema = z.array(z.union([
  z.string().min(1),
  z.record(z.string().regex(/^[a-zA-Z_:][-a-zA-Z0-9_:.]*$/, 'expected an attribute name'), attributeValue)
    .refine((attrs) => typeof attrs.src === 'string' && attrs.src !== '', 'expected a `src`'),
])).default([]);
