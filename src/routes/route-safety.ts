/**
 * Routes come from untrusted places (a front-matter `slug`, a `_category_.json`, a sidebars
 * file), and a route is also an output path (`/a/b` → `a/b.html`). A route must therefore name
 * a file inside the output folder, and a URL that every server maps to that same file.
 */
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { PlannedPage } from './planned-page.ts';

/** A percent escape, decoded here the way a server decodes a request path (once). */
const escapeRE = /%([0-9a-f]{2})/gi;
/** C0 controls and DEL: never part of a file or URL a reader could type. */
const controlRE = /[\u0000-\u001f\u007f]/;

/**
 * Why `route` cannot be a page's route, or `undefined` when it can. Each segment, percent-decoded
 * as a server decodes it, must be a name: not `.` or `..` (which would climb out of the output
 * folder when the route becomes a file path, or out of the site when a server resolves it), and
 * without `/`, `\` (a separator for browsers and Windows) or control characters.
 *
 * @example routeProblem('/../../srv/x') // 'its segment `..` climbs out of the folder'
 */
export function routeProblem(route: string): string | undefined {
  for (const segment of route.split('/')) {
    const decoded = segment.replace(escapeRE, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    const shown = segment === decoded ? `\`${segment}\`` : `\`${segment}\` (\`${decoded}\` once decoded)`;
    if (decoded === '.' || decoded === '..') return `its segment ${shown} climbs out of the folder`;
    if (decoded.includes('/') || decoded.includes('\\')) return `its segment ${shown} holds a path separator`;
    if (controlRE.test(decoded)) return `its segment ${shown} holds a control character`;
  }
  return undefined;
}

/** The hint every unsafe-route diagnostic gives. */
export const UNSAFE_ROUTE_HINT = 'Write the slug as plain path segments (`/guides/setup`, `setup`): no `.` or `..` segments, backslashes or encoded separators.';

/**
 * The diagnostic for a `slug` (front matter, `_category_.json`, sidebars file) whose route
 * `routeProblem` refuses, or `undefined` when the route is safe.
 */
export function unsafeSlugDiagnostic(options: { route: string; slug: string; file: string; line?: number; column?: number }): Diagnostic | undefined {
  const problem = routeProblem(options.route);
  if (problem === undefined) return undefined;
  return {
    file: options.file, ...(options.line === undefined ? {} : { line: options.line, column: options.column ?? 1 }), severity: 'error', ruleId: 'routes/unsafe-route',
    message: `Cannot use slug \`${options.slug}\`: ${problem}; the page is not written`, hint: UNSAFE_ROUTE_HINT,
  };
}

/**
 * The last line of defence before anything is written: drops every planned page whose route
 * `routeProblem` refuses (whatever made it: a slug, a category, the config) and reports it, as an
 * error whatever the settings, at the line that set the route.
 */
export function dropUnsafeRoutes(planned: PlannedPage[]): { pages: PlannedPage[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const pages = planned.filter((p) => {
    const problem = routeProblem(p.page.route);
    if (problem === undefined) return true;
    diagnostics.push({
      file: p.source, ...(p.line === undefined ? {} : { line: p.line, column: 1 }), severity: 'error', ruleId: 'routes/unsafe-route',
      message: `Cannot create route \`${p.page.route}\`: ${problem}; the page is not written`, hint: UNSAFE_ROUTE_HINT,
    });
    return false;
  });
  return { pages, diagnostics };
}
