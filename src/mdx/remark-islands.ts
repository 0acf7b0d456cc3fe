/**
 * remark plugin for MDX pages: finds the JSX elements that may need the browser (islands) and
 * marks each, so that only those are hydrated (issue 30 › 3).
 *
 * An element is a candidate when its name (`Counter`, or `Foo` of `Foo.Bar`) is bound by the
 * page itself: imported (`import Counter from './counter'`) or exported by its own code
 * (`export const Counter = …`). Intrinsic elements (`<div>`) and components the page does not
 * bind are never candidates. Each candidate is wrapped in `<SitegenIsland i="n">` (the renderer
 * provides that component, render-mdx-page.ts), and recorded with the exact source text it was
 * written as, so the browser can compile it again on its own (bundle-islands.ts). Which
 * candidates really need the browser is known only once their imports are resolved
 * (island-liveness.ts): a candidate that does not renders its children as they are.
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

/** The name of the wrapper element; the renderer and the browser provide the component. */
export const ISLAND_COMPONENT = 'SitegenIsland';

/**
 * Source that may need the browser: state and effect hooks, `BrowserOnly` and `useIsBrowser`,
 * class components, and event handler props (`onClick={…}`, or `onClick:` in a props object).
 */
export const usesBrowserRE = /\buse(?:State|Reducer|Effect|LayoutEffect|InsertionEffect|SyncExternalStore|Transition|DeferredValue|ActionState|Optimistic|IsBrowser)\b|\bBrowserOnly\b|\bextends\s+(?:React\.)?(?:Pure)?Component\b|\bon[A-Z][A-Za-z]*\s*(?:=\s*\{|:)/;

interface EsNode { type: string; [key: string]: unknown }
interface Node {
  type: string; name?: string | null; value?: unknown; children?: Node[];
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
    const walk = (parent: Node) => {
      const children = parent.children ?? [];
      children.forEach((child, index) => {
        walk(child);
        if (child.type !== 'mdxJsxFlowElement' && child.type !== 'mdxJsxTextElement') return;
        const name = child.name?.split('.')[0] ?? '';
        const specifier = bindings.get(name);
        const start = child.position?.start.offset;
        const end = child.position?.end.offset;
        if (specifier === undefined || start === undefined || end === undefined) return;
        const i = candidates.length;
        candidates.push({ i, name, source: text.slice(start, end), specifier });
        children[index] = {
          type: child.type, name: ISLAND_COMPONENT, children: [child],
          attributes: [{ type: 'mdxJsxAttribute', name: 'i', value: String(i) }],
        } as Node;
      });
    };
    walk(tree as unknown as Node);
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
