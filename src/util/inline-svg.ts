import type { Element, ElementContent, Properties } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { toHtml } from 'hast-util-to-html';
import { styleObject } from './svg-component.ts';

/**
 * A small SVG file made fit to sit inside a page's markup (the navbar logo): an `<img>` of an SVG
 * costs a request and, in Chromium, a whole image document parsed and laid out on the main thread
 * before the page's own first layout; inline, it is a few elements of the page.
 */
export interface InlineSvg {
  /** The root's drawing attributes as React props (`viewBox`, `fill`, `strokeWidth`, a `style` that only paints…): nothing that sizes, places, shows or names it. */
  attributes: Record<string, string | Record<string, string>>;
  /** The markup inside the root as the page's parser reads it, serialised again: drawing elements only, ids prefixed. */
  inner: string;
}

/** Bigger files stay images: inlined, they would be repeated in every page. */
export const INLINE_SVG_MAX_BYTES = 16 * 1024;

/**
 * What a logo may be drawn with (hast names, as the page's parser gives them). Anything else
 * (script, style, links, animation, images, `foreignObject`, HTML) keeps the file an image: an
 * allowlist over the parsed tree, not a search of the text, so no spelling gets past it.
 */
const DRAWING = new Set([
  'svg', 'g', 'defs', 'symbol', 'use', 'path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon',
  'text', 'tspan', 'linearGradient', 'radialGradient', 'stop', 'clipPath', 'mask', 'pattern', 'marker',
  'filter', 'feBlend', 'feColorMatrix', 'feComponentTransfer', 'feComposite', 'feDropShadow', 'feFlood',
  'feFuncA', 'feFuncB', 'feFuncG', 'feFuncR', 'feGaussianBlur', 'feMerge', 'feMergeNode', 'feMorphology', 'feOffset',
]);
/** Dropped with what they hold: the config's `alt` names the logo, and editors' metadata means nothing in a page. */
const DROPPED = new Set(['title', 'desc', 'metadata']);
/** What the root keeps: how it draws, never its size, style, class, id, overflow or name (the page sets those). */
const ROOT_KEEPS = new Set([
  'viewBox', 'preserveAspectRatio', 'fill', 'fillRule', 'fillOpacity', 'stroke', 'strokeWidth', 'strokeLinecap',
  'strokeLinejoin', 'strokeMiterlimit', 'strokeOpacity', 'clipRule', 'color', 'fontFamily', 'fontSize', 'fontWeight',
]);

/** Root style properties (React's names) that only paint. */
const ROOT_STYLE_KEEPS = /^(?:background(?:Color)?|color|fill(?:Opacity|Rule)?|stroke(?:Width|Opacity|Linecap|Linejoin|Miterlimit)?|opacity|font(?:Family|Size|Weight|Style))$/;

/**
 * `text` (an SVG file) ready to inline, parsed as the page's HTML parser will read it; its ids
 * (and the references to them) prefixed with `idPrefix` so that two inlined files, or a file and
 * the page, cannot clash. Or why it cannot be: too big, not one `<svg>` element, no way to scale
 * it, or anything besides drawing elements and their attributes (see DRAWING), an attribute
 * reaching another file or an event handler.
 */
export function inlineSvg(text: string, options: { idPrefix: string; maxBytes?: number }): InlineSvg | { reason: string } {
  return readSvgFile(text, options).inlined;
}

/**
 * An SVG file read once for the navbar: inlined when it can be (inlineSvg, which it equals) and
 * its width over its height (svgAspectRatio), from one parse of the file.
 */
export function readSvgFile(text: string, options: { idPrefix: string; maxBytes?: number }): { inlined: InlineSvg | { reason: string }; aspectRatio?: number } {
  const { maxBytes = INLINE_SVG_MAX_BYTES } = options;
  const root = svgRoot(text);
  const aspectRatio = typeof root === 'string' ? undefined : aspectRatioOf(root);
  const inlined = Buffer.byteLength(text) > maxBytes ? { reason: `it is over ${maxBytes} bytes` } : inlineParsed(text, root, options.idPrefix);
  return { inlined, ...(aspectRatio ? { aspectRatio } : {}) };
}

/** inlineSvg past its size check, with the file parsed (`root`, or why it has none). */
function inlineParsed(text: string, root: Element | string, idPrefix: string): InlineSvg | { reason: string } {
  if (/<!DOCTYPE[^>]*\[/i.test(text)) return { reason: 'it declares entities' };
  if (typeof root === 'string') return { reason: root };
  const refused = checkDrawing(root);
  if (refused) return { reason: refused };

  const attributes: InlineSvg['attributes'] = {};
  for (const [name, value] of Object.entries(root.properties)) {
    if (ROOT_KEEPS.has(name) && value !== undefined && value !== null) attributes[name] = Array.isArray(value) ? value.join(' ') : String(value);
  }
  // The root's style only as far as it paints (a background, colours): the page's CSS places and shows the logo.
  const style = Object.fromEntries(Object.entries(styleObject(String(root.properties.style ?? ''))).filter(([property]) => ROOT_STYLE_KEEPS.test(property)));
  if (Object.keys(style).length) attributes.style = style;
  if (!validViewBox(attributes.viewBox)) {
    const [width, height] = [pixels(root.properties.width), pixels(root.properties.height)];
    if (!(width && height)) return { reason: 'it has neither a viewBox nor a width and height to scale it by' };
    // As an image, a drawing without a viewBox is stretched to the box like a photo: the same.
    attributes.viewBox = `0 0 ${width} ${height}`;
    attributes.preserveAspectRatio = 'none';
  }
  const children = drawn(root.children);
  prefixIds(children, idPrefix);
  return { attributes, inner: toHtml({ type: 'root', children }, { space: 'svg', closeEmptyElements: true, tightSelfClosing: true }).trim() };
}

/**
 * An SVG file's width over its height, from its root's viewBox or else its width and height:
 * what an image of it keeps when only its height is set. `undefined` when the file does not say.
 */
export function svgAspectRatio(text: string): number | undefined {
  const root = svgRoot(text);
  return typeof root === 'string' ? undefined : aspectRatioOf(root);
}

function aspectRatioOf(root: Element): number | undefined {
  const viewBox = root.properties.viewBox;
  if (validViewBox(viewBox)) {
    const [, , width, height] = String(viewBox).trim().split(/[\s,]+/).map(Number);
    return width / height;
  }
  const [width, height] = [pixels(root.properties.width), pixels(root.properties.height)];
  return width && height ? width / height : undefined;
}

/** The file's one `<svg>` element as an HTML parser reads it, or why there is none. */
function svgRoot(text: string): Element | string {
  const top = fromHtml(text, { fragment: true }).children.filter((n) => n.type !== 'comment' && !(n.type === 'text' && !n.value.trim()));
  const [root] = top;
  if (!root || root.type !== 'element' || root.tagName !== 'svg') return 'it has no <svg> root element';
  // An HTML element inside the drawing (`<p>`, `<img>`, `<meta>`…) ends it for the parser: what follows lands outside.
  if (top.length > 1) return `it has HTML inside (${top[1].type === 'element' ? `<${top[1].tagName}>` : 'text'} after the drawing)`;
  return root;
}

/** Why `root` is more than a drawing, or `undefined`. */
function checkDrawing(root: Element): string | undefined {
  const check = (node: Element): string | undefined => {
    if (DROPPED.has(node.tagName) || isEditorElement(node)) return undefined;
    if (!DRAWING.has(node.tagName)) return `it has a <${node.tagName}> element`;
    for (const [name, value] of Object.entries(node.properties)) {
      const text = Array.isArray(value) ? value.join(' ') : String(value);
      if (/^on/i.test(name)) return 'it has an event handler attribute';
      if ((name === 'href' || name === 'xLinkHref') && !text.startsWith('#')) return 'it refers to another file (href)';
      // CSS reaches other files with url() and image-set(); escapes could spell either.
      if (/url\s*\((?!\s*["']?#)|image-set|\\/i.test(text)) return 'it refers to another file (url())';
    }
    for (const child of node.children) {
      if (child.type === 'element') {
        const why = check(child);
        if (why) return why;
      }
    }
    return undefined;
  };
  return check(root);
}

/** `sodipodi:namedview`, `inkscape:…`: an editor's own elements, which draw nothing. */
function isEditorElement(node: Element): boolean {
  return node.tagName.includes(':');
}

/** `children` without comments, dropped elements (title, desc, metadata) and editors' elements, at any depth. */
function drawn(children: ElementContent[]): ElementContent[] {
  return children.flatMap((child): ElementContent[] => {
    if (child.type === 'comment') return [];
    if (child.type !== 'element') return [child];
    if (DROPPED.has(child.tagName) || isEditorElement(child)) return [];
    return [{ ...child, properties: withoutEditorAttributes(child.properties), children: drawn(child.children) }];
  });
}

/** Attributes of an editor's namespace (`inkscape:label`) mean nothing in a page. */
function withoutEditorAttributes(properties: Properties): Properties {
  return Object.fromEntries(Object.entries(properties).filter(([name]) => !name.includes(':')));
}

/** Every `id` in `children`, and every reference to one (`url(#…)` in any attribute, `href="#…"`, ARIA id lists), prefixed. Text is left alone. */
function prefixIds(children: ElementContent[], prefix: string): void {
  const ids = new Set<string>();
  const each = (nodes: ElementContent[], visit: (node: Element) => void) => {
    for (const node of nodes) {
      if (node.type !== 'element') continue;
      visit(node);
      each(node.children, visit);
    }
  };
  each(children, (node) => { if (typeof node.properties.id === 'string') ids.add(node.properties.id); });
  if (ids.size === 0) return;
  const ref = (id: string) => (ids.has(id) ? `${prefix}${id}` : id);
  each(children, (node) => {
    for (const [name, value] of Object.entries(node.properties)) {
      if (name === 'id' && typeof value === 'string') node.properties.id = ref(value);
      else if ((name === 'href' || name === 'xLinkHref') && typeof value === 'string') node.properties[name] = `#${ref(value.slice(1))}`;
      else if ((name === 'ariaLabelledBy' || name === 'ariaDescribedBy') && Array.isArray(value)) node.properties[name] = value.map((v) => ref(String(v)));
      else if (typeof value === 'string' && value.includes('url(')) node.properties[name] = value.replace(/(url\(\s*["']?#)([^"')\s]+)/g, (_, before: string, id: string) => `${before}${ref(id)}`);
    }
  });
}

/** `24`, `24px`: a size in pixels; `undefined` for `100%`, `2em` or nothing. */
function pixels(value: unknown): number | undefined {
  const text = String(value ?? '');
  return /^\s*\d*\.?\d+(?:px)?\s*$/.test(text) ? Number.parseFloat(text) : undefined;
}

/** Four numbers, the last two positive: a viewBox the browser uses (it ignores any other). */
function validViewBox(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const numbers = value.trim().split(/[\s,]+/).map(Number);
  return numbers.length === 4 && numbers.every(Number.isFinite) && numbers[2] > 0 && numbers[3] > 0;
}
