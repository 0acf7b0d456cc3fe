/**
 * `visit` for sitegen's own remark and rehype plugins: the calls, return values and order of
 * `unist-util-visit` (which our plugins used before), without its cost. That library names a
 * closure after every node it enters (`Object.defineProperty(fn, 'name', …)`, for readable stack
 * traces) and allocates the ancestors list at each level; over the 13 walks our plugins make per
 * file, that was ~0.2 s of a ~2 s Markdown phase on this site. Measured on this site's 81 files
 * parsed once, 26 walks with no-op visitors: ~450 ms with unist-util-visit, ~55 ms here.
 *
 * Supported returns, as in unist-util-visit: nothing or `CONTINUE` (go on), `SKIP` (not into
 * this node's children), `EXIT` (stop the walk), a number (the index of the sibling to visit
 * next, after a change to the parent's children) or `[action, index]`.
 */
import type { Nodes as HastNodes, Parents as HastParents, Root as HastRoot } from 'hast';
import type { Nodes as MdastNodes, Parents as MdastParents, Root as MdastRoot } from 'mdast';

export const CONTINUE = true;
export const EXIT = false;
export const SKIP = 'skip';

type Action = typeof CONTINUE | typeof EXIT | typeof SKIP;
export type VisitResult = Action | number | [Action, number?] | [] | void | undefined;
type Visitor<N, P> = (node: N, index: number | undefined, parent: P | undefined) => VisitResult;

export function visit<T extends MdastNodes['type']>(tree: MdastRoot, test: T, visitor: Visitor<Extract<MdastNodes, { type: T }>, MdastParents>): void;
export function visit(tree: MdastRoot, visitor: Visitor<MdastNodes, MdastParents>): void;
export function visit<T extends HastNodes['type']>(tree: HastRoot, test: T, visitor: Visitor<Extract<HastNodes, { type: T }>, HastParents>): void;
export function visit(tree: HastRoot, visitor: Visitor<HastNodes, HastParents>): void;
export function visit(tree: Walkable, testOrVisitor: string | AnyVisitor, maybeVisitor?: AnyVisitor): void {
  const type = typeof testOrVisitor === 'string' ? testOrVisitor : undefined;
  const visitor = (typeof testOrVisitor === 'string' ? maybeVisitor : testOrVisitor)!;
  walk(tree, undefined, undefined, type, visitor);
}

interface Walkable { type: string; children?: Walkable[] }
type AnyVisitor = (node: never, index: number | undefined, parent: never) => VisitResult;

/** Visits `node`, then its children; returns `[action, next index]` for the parent's loop. */
function walk(node: Walkable, index: number | undefined, parent: Walkable | undefined, type: string | undefined, visitor: AnyVisitor): Result {
  let result = GO_ON;
  if (type === undefined || node.type === type) {
    result = toResult((visitor as (n: Walkable, i: number | undefined, p: Walkable | undefined) => VisitResult)(node, index, parent));
    if (result[0] === EXIT) return result;
  }
  const children = node.children;
  if (children && result[0] !== SKIP) {
    let i = 0;
    while (i < children.length) {
      const sub = walk(children[i], i, node, type, visitor);
      if (sub[0] === EXIT) return sub;
      i = typeof sub[1] === 'number' ? sub[1] : i + 1;
    }
  }
  return result;
}

type Result = readonly [Action, number?];
/** The usual answer, shared: no allocation per node. */
const GO_ON: Result = [CONTINUE];

function toResult(value: VisitResult): Result {
  if (value === undefined || value === null || value === CONTINUE) return GO_ON;
  if (Array.isArray(value)) return value.length === 0 ? GO_ON : (value as Result);
  if (typeof value === 'number') return [CONTINUE, value];
  return [value];
}
