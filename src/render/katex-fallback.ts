import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { SiteConfig } from '../config/schema.ts';
import { PACKAGE_ROOT } from '../util/package-root.ts';

/*
 * KaTeX's stylesheet comes from the CDN the config names (the seed spec says so). When the CDN
 * cannot be reached, or answers with a file whose integrity hash does not match, formulas would
 * lose all their styling: pages then link the same stylesheet and its fonts from the installed
 * `katex` package, copied into the output (the head script and theme/client/head.ts switch over).
 */

/** A configured stylesheet that is KaTeX's own CSS on a CDN (`…/katex@0.16.47/dist/katex.min.css`). */
const KATEX_CSS_RE = /\/katex@[^/]+\/dist\/katex(\.min)?\.css$/;

/** The installed KaTeX: its version (names the output folder, so the copy can be cached for good) and `dist` folder. */
function installedKatex(): { version: string; dist: string } {
  const require = createRequire(path.join(PACKAGE_ROOT, 'package.json'));
  const manifest = require.resolve('katex/package.json');
  const { version } = require(manifest) as { version: string };
  return { version, dist: path.join(path.dirname(manifest), 'dist') };
}

/** The output folder of the copy, under `assets/` (long-cached: its name carries KaTeX's version). */
function fallbackDir(version: string): string {
  return `assets/katex-${version}`;
}

/** The route of the self-served copy of `href` (before the base URL), or undefined when `href` is not KaTeX's CSS. */
export function katexFallbackRoute(href: string): string | undefined {
  if (!KATEX_CSS_RE.test(href)) return undefined;
  return `/${fallbackDir(installedKatex().version)}/katex.min.css`;
}

/**
 * The files of the copy, when a configured stylesheet is KaTeX's: its stylesheet and its WOFF2
 * fonts (every browser that runs the site reads WOFF2 and tries it first, so the older formats
 * the stylesheet also names are never fetched).
 */
export async function katexFallbackFiles(config: SiteConfig): Promise<{ path: string; contents: Uint8Array }[]> {
  if (!config.stylesheets.some((s) => KATEX_CSS_RE.test(s.href))) return [];
  const { version, dist } = installedKatex();
  const dir = fallbackDir(version);
  const fonts = (await readdir(path.join(dist, 'fonts'))).filter((f) => f.endsWith('.woff2')).sort();
  return [
    { path: `${dir}/katex.min.css`, contents: await readFile(path.join(dist, 'katex.min.css')) },
    ...await Promise.all(fonts.map(async (f) => ({ path: `${dir}/fonts/${f}`, contents: await readFile(path.join(dist, 'fonts', f)) }))),
  ];
}
