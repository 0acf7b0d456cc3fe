import { reactAttributeName, styleObject, svgAttributeRE, svgRootRE } from './svg-component.ts';

/**
 * A small SVG file made fit to sit inside a page's markup (the navbar logo): an `<img>` of an SVG
 * costs a request and, in Chromium, a whole image document parsed and laid out on the main thread
 * before the page's own first layout; inline, it is a few elements of the page.
 */
export interface InlineSvg {
  /** The root's attributes as React props (`viewBox`, `fill`…): not its size, id, class, role or ARIA, which the page sets. */
  attributes: Record<string, string | Record<string, string>>;
  /** The markup inside the root: no comments, `<title>`, `<desc>` or `<metadata>`; ids prefixed. */
  inner: string;
}

/** Bigger files stay images: inlined, they would be repeated in every page. */
export const INLINE_SVG_MAX_BYTES = 16 * 1024;

/** What would not work, or not be safe, once the markup is part of the page. */
const UNSAFE: [RegExp, string][] = [
  [/<(?:script|style|foreignObject|iframe|a)\b/i, 'it has a <script>, <style>, <foreignObject> or link element'],
  [/\son[a-z]+\s*=/i, 'it has an event handler attribute'],
  [/\b(?:xlink:)?href\s*=(?![\s"']*#)/i, 'it refers to another file (href)'],
  [/url\((?![\s"']*#)/i, 'it refers to another file (url())'],
];

/**
 * `text` (an SVG file) ready to inline, its ids (and the references to them) prefixed with
 * `idPrefix` so that two inlined files, or a file and the page, cannot clash; or why it cannot
 * be: too big, no `<svg>` root, no way to scale it (no `viewBox`, no numeric size), or markup that
 * would behave differently in a page (scripts, styles, links, entities, other files).
 */
export function inlineSvg(text: string, options: { idPrefix: string; maxBytes?: number }): InlineSvg | { reason: string } {
  const { idPrefix, maxBytes = INLINE_SVG_MAX_BYTES } = options;
  if (Buffer.byteLength(text) > maxBytes) return { reason: `it is over ${maxBytes} bytes` };
  const root = svgRootRE.exec(text);
  if (!root) return { reason: 'it has no <svg> root element' };
  if (/<!DOCTYPE[^>]*\[/i.test(text.slice(0, root.index))) return { reason: 'it declares entities' };
  const selfClosing = root[1].trimEnd().endsWith('/');
  const close = text.lastIndexOf('</svg>');
  if (!selfClosing && close < root.index) return { reason: 'its <svg> element is not closed' };
  const inner = (selfClosing ? '' : text.slice(root.index + root[0].length, close))
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(title|desc|metadata)\b[^>]*?(?:\/>|>[\s\S]*?<\/\1\s*>)/gi, '')
    .trim();
  const rootAttributes = [...(selfClosing ? root[1].trimEnd().slice(0, -1) : root[1]).matchAll(svgAttributeRE)]
    .map(([, name, ...values]) => [name, values.find((v) => v !== undefined) ?? ''] as const);
  for (const [pattern, reason] of UNSAFE) {
    if (pattern.test(inner) || pattern.test(root[1])) return { reason };
  }

  const attributes: InlineSvg['attributes'] = {};
  let width: number | undefined;
  let height: number | undefined;
  for (const [name, value] of rootAttributes) {
    const lower = name.toLowerCase();
    if (lower === 'width') width = pixels(value);
    else if (lower === 'height') height = pixels(value);
    // The page gives the logo its size, class, name and role; editors' own attributes
    // (`inkscape:…`, `sodipodi:…`) mean nothing in a page.
    if (['width', 'height', 'id', 'class', 'role', 'version', 'x', 'y'].includes(lower) || lower.startsWith('aria-')) continue;
    if (lower.includes(':') && !['xmlns:xlink', 'xml:space', 'xml:lang'].includes(lower)) continue;
    attributes[reactAttributeName(name)] = lower === 'style' ? styleObject(value) : value;
  }
  if (!validViewBox(attributes.viewBox)) {
    if (!(width! > 0 && height! > 0)) return { reason: 'it has neither a viewBox nor a width and height to scale it by' };
    // As an image, a drawing without a viewBox is stretched to the box like a photo: the same.
    attributes.viewBox = `0 0 ${width} ${height}`;
    attributes.preserveAspectRatio = 'none';
  }
  return { attributes, inner: prefixIds(inner, idPrefix) };
}

/**
 * An SVG file's width over its height, from its root's viewBox or else its width and height:
 * what an image of it keeps when only its height is set. `undefined` when the file does not say.
 */
export function svgAspectRatio(text: string): number | undefined {
  const root = svgRootRE.exec(text);
  if (!root) return undefined;
  const attributes = new Map([...root[1].matchAll(svgAttributeRE)].map(([, name, ...values]) => [name.toLowerCase(), values.find((v) => v !== undefined) ?? '']));
  const viewBox = attributes.get('viewbox');
  if (validViewBox(viewBox)) {
    const [, , width, height] = viewBox!.trim().split(/[\s,]+/).map(Number);
    return width / height;
  }
  const [width, height] = [pixels(attributes.get('width') ?? ''), pixels(attributes.get('height') ?? '')];
  return width && height ? width / height : undefined;
}

/** `24`, `24px`: a size in pixels; `undefined` for `100%`, `2em` or nothing. */
function pixels(value: string): number | undefined {
  return /^\s*\d*\.?\d+(?:px)?\s*$/.test(value) ? Number.parseFloat(value) : undefined;
}

/** Four numbers, the last two positive: a viewBox the browser uses (it ignores any other). */
function validViewBox(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const numbers = value.trim().split(/[\s,]+/).map(Number);
  return numbers.length === 4 && numbers.every(Number.isFinite) && numbers[2] > 0 && numbers[3] > 0;
}

/** Every `id` in `markup`, and every reference to one (`url(#…)`, `href="#…"`, ARIA id lists), prefixed. */
function prefixIds(markup: string, prefix: string): string {
  const ids = new Set([...markup.matchAll(/\sid\s*=\s*(["'])(.*?)\1/g)].map((m) => m[2]));
  if (ids.size === 0) return markup;
  const ref = (id: string) => (ids.has(id) ? `${prefix}${id}` : id);
  return markup
    .replace(/(\sid\s*=\s*)(["'])(.*?)\2/g, (_, before: string, quote: string, id: string) => `${before}${quote}${ref(id)}${quote}`)
    .replace(/(url\(\s*["']?#)([^"')\s]+)/g, (_, before: string, id: string) => `${before}${ref(id)}`)
    .replace(/(\b(?:xlink:)?href\s*=\s*(["'])#)([^"']+)(?=\2)/g, (_, before: string, _quote: string, id: string) => `${before}${ref(id)}`)
    .replace(/(\baria-(?:labelledby|describedby)\s*=\s*)(["'])(.*?)\2/g, (_, before: string, quote: string, list: string) => `${before}${quote}${list.split(/\s+/).map(ref).join(' ')}${quote}`);
}
