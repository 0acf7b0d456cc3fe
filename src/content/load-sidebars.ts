import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Message } from 'esbuild';
import { CONFIG_FILE, importModule } from '../config/load-config.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { SidebarsSource } from '../routes/resolve-sidebars.ts';
import { jsonErrorLocation } from '../util/json-location.ts';
import { FENCE_HINT, fenceProblem, type SiteFence } from './site-fence.ts';

/** Extensions a sidebars file may have, as in Docusaurus. */
const EXTENSIONS = ['.js', '.cjs', '.mjs', '.ts', '.cts', '.mts', '.json'];

/**
 * Reads the sidebars file `docs.sidebarPath` names (relative to the site root): JSON is parsed,
 * JavaScript and TypeScript (`module.exports =` or `export default`) are bundled and imported.
 * A file that is missing or does not load is a diagnostic naming it and the line esbuild gives.
 */
export async function loadSidebars(options: { root: string; sidebarPath: string; fence: SiteFence }): Promise<{ source?: SidebarsSource; diagnostics: Diagnostic[] }> {
  const { root, sidebarPath } = options;
  const abs = path.resolve(root, sidebarPath);
  const file = sidebarsFile(root, sidebarPath);
  const fail = (ruleId: string, message: string, hint: string, at?: { line?: number; column?: number }) =>
    ({ diagnostics: [{ file, line: at?.line, column: at?.column, severity: 'error' as const, ruleId, message, hint }] });
  if (!EXTENSIONS.includes(path.extname(abs))) {
    return fail('sidebars/load', `Cannot use \`${file}\` as a sidebars file: expected one of ${EXTENSIONS.join(', ')}`, `Point \`docs.sidebarPath\` in \`${CONFIG_FILE}\` at a sidebars file.`);
  }
  if (!existsSync(abs)) {
    return fail('sidebars/missing', `Cannot find the sidebars file \`${file}\``, `Create it, or fix \`docs.sidebarPath\` in \`${CONFIG_FILE}\` (a path from the site root).`);
  }
  const outside = fenceProblem(options.fence, abs);
  if (outside !== undefined) return fail('content/outside-site', `Cannot read the sidebars file: ${outside}`, FENCE_HINT);
  const text = await readFile(abs, 'utf8');
  if (abs.endsWith('.json')) {
    try {
      return { source: { file, text, value: JSON.parse(text) }, diagnostics: [] };
    } catch (cause) {
      return fail('sidebars/load', `Cannot parse \`${file}\`: ${(cause as Error).message}`, 'The file must be valid JSON.', jsonErrorLocation(text, cause as Error));
    }
  }
  // A CommonJS `.js` file under a package.json with `"type": "module"`: Node (and esbuild) would
  // read it as an ES module, where `module` is not defined; Docusaurus loads it anyway, so do we,
  // from a `.cjs` copy beside it (its relative `require`s still resolve).
  const commonJsCopy = abs.endsWith('.js') && looksCommonJs(text) ? `${abs.slice(0, -3)}.sitegen-${process.pid}-${Date.now()}.cjs` : undefined;
  try {
    if (commonJsCopy) await writeFile(commonJsCopy, text);
    const mod = await importModule(commonJsCopy ?? abs) as { default?: unknown };
    return { source: { file, text, value: mod.default }, diagnostics: [] };
  } catch (cause) {
    const located = (cause as { errors?: Message[] }).errors?.[0];
    const reason = located ? located.text : (cause as Error).message;
    return fail('sidebars/load', `Cannot load \`${file}\`: ${reason}`, 'Fix the error; the file must export the sidebars (`module.exports = { … }` or `export default { … }`).',
      located?.location ? { line: located.location.line, column: located.location.column + 1 } : undefined);
  } finally {
    if (commonJsCopy) await rm(commonJsCopy, { force: true });
  }
}

/** The sidebars file as a site-relative path with `/` (`src/sidebars.js`): how diagnostics and the watcher name it. */
export function sidebarsFile(root: string, sidebarPath: string): string {
  return path.relative(root, path.resolve(root, sidebarPath)).split(path.sep).join('/');
}

/** `module.exports =` or `exports.x =`, and no `import`/`export` statement. */
function looksCommonJs(text: string): boolean {
  return /\b(module\.exports|exports\.[\w$]+)\s*=/.test(text) && !/^\s*(import|export)\s/m.test(text);
}
