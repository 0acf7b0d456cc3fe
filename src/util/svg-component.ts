import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'esbuild';

/**
 * An SVG file imported by an MDX page, a React page or a site component, as a React component (what
 * Docusaurus's SVGR loader makes): `import Logo from './logo.svg'`, or
 * `require('@site/static/img/x.svg').default`, renders the `<svg>` inline with the props it is
 * given (`className`, `width`, `role`…) over the file's own attributes. Also exported as
 * `ReactComponent`. A `url()` in CSS still gets the file.
 */

/** `<svg …>`: the root element's start tag, after any XML declaration, doctype or comment. */
const rootRE = /<svg\b((?:[^>"']|"[^"]*"|'[^']*')*)>/i;
const attributeRE = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;

/** `stroke-width` → `strokeWidth`, `xmlns:xlink` → `xmlnsXlink`, `class` → `className`; `data-`/`aria-` kept. */
export function reactAttributeName(name: string): string {
  if (name === 'class') return 'className';
  if (/^(?:data|aria)-/.test(name)) return name;
  return name.replace(/[:-]([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** A `style` attribute as React's object (`fill-opacity: .5` → `{ fillOpacity: '.5' }`). */
export function styleObject(style: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const name = declaration.slice(0, colon).trim();
    const value = declaration.slice(colon + 1).trim();
    if (name) out[name.startsWith('--') ? name : name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())] = value;
  }
  return out;
}

/** The JavaScript module of an SVG file's component; `undefined` when the file has no `<svg>` root. */
export function svgComponentModule(svg: string): string | undefined {
  const root = rootRE.exec(svg);
  if (!root) return undefined;
  const close = svg.lastIndexOf('</svg>');
  const inner = close > root.index ? svg.slice(root.index + root[0].length, close) : '';
  const attributes: Record<string, unknown> = {};
  for (const [, name, ...values] of root[1].matchAll(attributeRE)) {
    const value = values.find((v) => v !== undefined) ?? '';
    attributes[reactAttributeName(name)] = name === 'style' ? styleObject(value) : value;
  }
  return [
    "import { createElement } from 'react';",
    `const attributes = ${JSON.stringify(attributes)};`,
    `const inner = { __html: ${JSON.stringify(inner.trim())} };`,
    'export default function SvgComponent(props) {',
    '  return createElement("svg", { ...attributes, ...props, dangerouslySetInnerHTML: inner });',
    '}',
    'export { SvgComponent as ReactComponent };',
  ].join('\n');
}

const SVG_NS = 'sitegen-svg-component';
const SKIP = Symbol('sitegen-svg-component');
const scriptKinds = new Set(['import-statement', 'require-call', 'dynamic-import']);

/**
 * The esbuild plugin that makes an SVG a script imports a component (put it before the plugins
 * that resolve `@site/…`: it asks the build to resolve the path, then loads the file its way).
 * `url()` in CSS is left to the other loaders.
 */
export function svgComponentPlugin(): Plugin {
  return {
    name: 'sitegen-svg-component',
    setup(build) {
      build.onResolve({ filter: /\.svg$/ }, async (args) => {
        // A resolution another plugin asks for (its `pluginData` set, ours included) is theirs:
        // only the import as written is turned into a component, once.
        if (args.pluginData !== undefined || !scriptKinds.has(args.kind)) return undefined;
        const found = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: SKIP });
        if (found.errors.length || found.external || found.namespace !== 'file') return undefined;
        return { path: found.path, namespace: SVG_NS };
      });
      build.onLoad({ filter: /.*/, namespace: SVG_NS }, async (args) => {
        const code = svgComponentModule(await readFile(args.path, 'utf8'));
        if (code === undefined) return { errors: [{ text: `Cannot import \`${path.basename(args.path)}\` as a component: it has no <svg> element` }] };
        return { contents: code, loader: 'js', resolveDir: path.dirname(args.path) };
      });
    },
  };
}
