/**
 * remark plugin for MDX pages: finds the JSX elements that may need the browser (islands) and
 * marks each, so that only those are hydrated (issue 30 › 3).
 *
 * An element is a candidate when its name (`Counter`, or `Foo` of `Foo.Bar`) is bound by the
 * page itself: imported (`import Counter from './counter'`) or exported by its own code
 * (`export const Counter = …`). Intrinsic elements (`<div>`) and components the page does not
 * bind are never candidates. Each candidate is recorded with the exact source text it was
 * written as, so the browser can compile it again on its own (bundle-islands.ts), and marked
 * for `recmaIslands`, which makes its element `(props.sitegenIsland || keep)(n, element)` in the
 * program: the renderer decides, per page, which candidates become islands (island-marker.ts).
 * A candidate that does not is the very element it was, so a parent that inspects its children
 * (`<Tabs>` reading each `<TabItem>`'s props) sees what it always saw. Which candidates need the
 * browser is known only once their imports are resolved (island-liveness.ts).
 *
 * JSX written inside an `{expression}` is JavaScript, not MDX: it is part of the element whose
 * expression holds it (`<BrowserOnly>{() => <Clock />}</BrowserOnly>` is one candidate), and a
 * component used only inside a top-level expression is not a candidate.
 */
import type { Root } from 'mdast';
import type { VFile } from 'vfile';

/** A candidate: its number, the source it was written as, and what its name is bound to. */
export interface IslandCandidate {
  i: number;
  /** The name its element starts with (`Foo` of `<Foo.Bar>`). */
  name: string;
  /** The element's source text, as the page wrote it (MDX 1 compatibility applied). */
  source: string;
  /** The module its name is imported from (`'./counter'`), or `''` for the page's own export. */
  specifier: string;
  /** The number of the candidate around this one, if any (an island inside an island is part of it). */
  outer?: number;
}

/** What the plugin records for a page (`file.data.mdxIslands`). */
export interface PageIslands {
  /** The page's imports and exports, as written, in order: an island's program starts with them. */
  esm: string;
  /** The page's own exports that read like they have state or effects (see `usesBrowserRE`). */
  liveExports: string[];
  candidates: IslandCandidate[];
}

declare module 'vfile' {
  interface DataMap {
    mdxIslands: PageIslands;
    /** Set by the caller to find islands (pages only: partials, excerpts and islands themselves do not). */
    mdxFindIslands: boolean;
  }
}

/** The attribute that marks a candidate's element for `recmaIslands` (never rendered). */
const MARK = 'data-sitegen-island';
/** The prop of MDX's content component that decides which candidates are islands (island-marker.ts). */
export const ISLAND_PROP = 'sitegenIsland';

/**
 * Source that may need the browser: state and effect hooks, `BrowserOnly` and `useIsBrowser`,
 * class components, and event handler props (`onClick={…}`, or `onClick:` in a props object).
 */
export const usesBrowserRE = /\buse(?:State|Reducer|Effect|LayoutEffect|InsertionEffect|SyncExternalStore|Transition|DeferredValue|ActionState|Optimistic|IsBrowser)\b|\bBrowserOnly\b|\bextends\s+(?:React\.)?(?:Pure)?Component\b|\bon[A-Z][A-Za-z]*\s*(?:=\s*\{|:)/;

interface EsNode { type: string; [key: string]: unknown }
interface Node {
  type: string; name?: string | null; value?: unknown; children?: Node[]; attributes?: { type: string; name?: string; value?: unknown }[];
  position?: { start: { offset?: number }; end: { offset?: number } };
  data?: { estree?: { body: EsNode[] } };
}

/** remark plugin: see the module comment. */
export function remarkIslands() {
  return (tree: Root, file: VFile) => {
    if (!file.data.mdxFindIslands) return;
    const text = String(file.value);
    const top = tree.children as unknown as Node[];
    const esmNodes = top.filter((node) => node.type === 'mdxjsEsm');
    const bindings = new Map<string, string>();
    const exportSources = new Map<string, string>();
    for (const node of esmNodes) {
      for (const statement of node.data?.estree?.body ?? []) {
        // Each statement's own text (estree offsets are the file's), else its whole block.
        const own = typeof statement.start === 'number' && typeof statement.end === 'number' ? text.slice(statement.start, statement.end) : String(node.value ?? '');
        bind(statement, own, bindings, exportSources);
      }
    }
    const candidates: IslandCandidate[] = [];
    const walk = (node: Node, outer: number | undefined) => {
      let inner = outer;
      if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name) {
        const name = node.name.split('.')[0];
        const specifier = bindings.get(name);
        const start = node.position?.start.offset;
        const end = node.position?.end.offset;
        if (specifier !== undefined && start !== undefined && end !== undefined) {
          inner = candidates.length;
          candidates.push({ i: inner, name, source: text.slice(start, end), specifier, ...(outer === undefined ? {} : { outer }) });
          node.attributes = [...node.attributes ?? [], { type: 'mdxJsxAttribute', name: MARK, value: String(inner) }];
        }
      }
      node.children?.forEach((child) => walk(child, inner));
    };
    walk(tree as unknown as Node, undefined);
    const liveExports = [...exportSources].filter(([, source]) => usesBrowserRE.test(source)).map(([name]) => name);
    file.data.mdxIslands = { esm: esmNodes.map((node) => String(node.value ?? '')).join('\n\n'), liveExports, candidates };
  };
}

/** Records the names one top-level statement binds: imported ones with their module, exported ones with `''`. */
function bind(statement: EsNode, source: string, bindings: Map<string, string>, exportSources: Map<string, string>): void {
  if (statement.type === 'ImportDeclaration') {
    const from = String((statement.source as { value: unknown }).value);
    for (const s of statement.specifiers as { local: { name: string } }[]) bindings.set(s.local.name, from);
    return;
  }
  if (statement.type !== 'ExportNamedDeclaration' && statement.type !== 'ExportDefaultDeclaration') return;
  const declaration = statement.declaration as EsNode | null | undefined;
  const names: string[] = [];
  if (declaration?.type === 'VariableDeclaration') {
    for (const d of declaration.declarations as { id: { type: string; name?: string } }[]) if (d.id.type === 'Identifier' && d.id.name) names.push(d.id.name);
  } else if ((declaration?.type === 'FunctionDeclaration' || declaration?.type === 'ClassDeclaration') && (declaration.id as { name?: string } | null)?.name) {
    names.push((declaration.id as { name: string }).name);
  }
  for (const name of names) {
    bindings.set(name, '');
    exportSources.set(name, source);
  }
}

/**
 * recma plugin (after MDX turned JSX into calls): each marked element, `_jsx(Counter, { …,
 * "data-sitegen-island": "3" })`, loses its mark and becomes
 * `(props.sitegenIsland || ((i, e) => e))(3, _jsx(Counter, { … }))`. Candidates are elements of
 * the Markdown tree, so they are built inside MDX's `_createMdxContent(props)`, where `props` is
 * the content component's.
 */
export function recmaIslands() {
  return (tree: EsNode) => {
    const visit = (node: unknown): unknown => {
      if (Array.isArray(node)) return node.map(visit);
      if (!node || typeof node !== 'object') return node;
      const n = node as EsNode;
      for (const key of Object.keys(n)) if (key !== 'type') n[key] = visit(n[key]);
      const mark = n.type === 'CallExpression' ? takeMark(n) : undefined;
      return mark === undefined ? n : islandCall(mark, n);
    };
    visit(tree);
  };
}

/** The candidate number of a `_jsx(type, props)` call whose props carry the mark (removed); `undefined` otherwise. */
function takeMark(call: EsNode): number | undefined {
  const props = (call.arguments as EsNode[] | undefined)?.[1];
  if (props?.type !== 'ObjectExpression') return undefined;
  const properties = props.properties as EsNode[];
  const at = properties.findIndex((p) => p.type === 'Property' && (p.key as EsNode).type === 'Literal' && (p.key as { value?: unknown }).value === MARK);
  if (at === -1) return undefined;
  const value = (properties[at].value as { value?: unknown }).value;
  properties.splice(at, 1);
  return Number(value);
}

/** `(props.sitegenIsland || ((i, e) => e))(mark, element)` as estree. */
function islandCall(mark: number, element: EsNode): EsNode {
  const id = (name: string) => ({ type: 'Identifier', name });
  return {
    type: 'CallExpression', optional: false,
    callee: {
      type: 'LogicalExpression', operator: '||',
      left: { type: 'MemberExpression', object: id('props'), property: id(ISLAND_PROP), computed: false, optional: false },
      right: { type: 'ArrowFunctionExpression', params: [id('i'), id('e')], body: id('e'), expression: true, async: false, generator: false },
    },
    arguments: [{ type: 'Literal', value: mark }, element],
  };
}
