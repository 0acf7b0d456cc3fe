import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SiteFacts } from './docusaurus-config.ts';

/**
 * What the Docusaurus config mapping needs to know of the site's folder (docusaurus-config.ts ›
 * SiteFacts): the Docusaurus major version its package.json names, and the functions of the
 * plugins sitegen does itself, loaded from the site's own node_modules as its config loads them
 * (so that the config's `require('remark-math')` is the same function). Anything missing is
 * simply not known.
 */
export async function docusaurusSiteFacts(root: string): Promise<SiteFacts> {
  const manifest = path.join(root, 'package.json');
  let docusaurusMajor: number | undefined;
  try {
    const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as { dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
    const range = pkg.dependencies?.['@docusaurus/core'] ?? pkg.devDependencies?.['@docusaurus/core'];
    const major = range ? /(\d+)/.exec(range)?.[1] : undefined;
    if (major) docusaurusMajor = Number(major);
  } catch {
    // No package.json, or not JSON: the version is not known.
  }
  const builtInPlugins = new Map<unknown, 'remark-math' | 'rehype-katex'>();
  const require = createRequire(manifest);
  for (const name of ['remark-math', 'rehype-katex'] as const) {
    try {
      const mod = (await import(pathToFileURL(require.resolve(name)).href)) as { default?: unknown };
      if (mod.default !== undefined) builtInPlugins.set(mod.default, name);
    } catch {
      // Not installed: the config cannot name it either.
    }
  }
  return { ...(docusaurusMajor === undefined ? {} : { docusaurusMajor }), builtInPlugins };
}
