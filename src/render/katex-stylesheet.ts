import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { SiteConfig } from '../config/schema.ts';
import { PACKAGE_ROOT } from '../util/package-root.ts';

/*
 * KaTeX's stylesheet is served by the site itself, from the installed `katex` package (the
 * version rehype-katex renders with), under `/assets` with a content hash: a configured CDN
 * stylesheet of KaTeX's (`…/katex@0.16.47/dist/katex.min.css`) is linked as that copy, so a
 * formula's styling never depends on another host being reachable, allowed by the reader's
 * network, or fast (issue 41). Its fonts are the package's WOFF2 files (every browser that runs
 * the site reads WOFF2), in a folder named for the version; the copy of the stylesheet names
 * only them.
 */

/** A configured stylesheet that is KaTeX's own CSS on a CDN. */
const KATEX_CSS_RE = /\/katex@[^/]+\/dist\/katex(\.min)?\.css$/;

/** A stylesheet as a page links it. */
export interface LinkedStylesheet { href: string; integrity?: string; crossorigin?: string }

/** The installed KaTeX: its version and `dist` folder. */
function installedKatex(): { version: string; dist: string } {
  const require = createRequire(path.join(PACKAGE_ROOT, 'package.json'));
  const manifest = require.resolve('katex/package.json');
  const { version } = require(manifest) as { version: string };
  return { version, dist: path.join(path.dirname(manifest), 'dist') };
}

/** The copy of KaTeX's stylesheet: its path in the output (named by a hash of its contents) and its text. */
function katexCopy(): { path: string; contents: string; fontsDir: string; dist: string } {
  const { version, dist } = installedKatex();
  const fontsDir = `assets/katex-${version}/fonts`;
  // Each @font-face keeps its WOFF2 source only, named from the stylesheet's folder (assets/css).
  const contents = readFileSync(path.join(dist, 'katex.min.css'), 'utf8').replace(/src:([^;}]*)/g, (all, sources: string) => {
    const woff2 = /url\(fonts\/([^)]+\.woff2)\) format\("woff2"\)/.exec(sources);
    return woff2 ? `src:url(../katex-${version}/fonts/${woff2[1]}) format("woff2")` : all;
  });
  const hash = createHash('sha256').update(contents).digest('hex').slice(0, 10);
  return { path: `assets/css/katex.${hash}.css`, contents, fontsDir, dist };
}

/**
 * The stylesheets of `config.stylesheets` as pages link them: KaTeX's CDN stylesheet as the
 * site's own copy (`/assets/css/katex.<hash>.css`: a site path, which takes the base URL where it
 * is linked), the others as configured.
 */
export function linkedStylesheets(config: SiteConfig): LinkedStylesheet[] {
  return config.stylesheets.map((s) => (KATEX_CSS_RE.test(s.href)
    ? { href: `/${katexCopy().path}` }
    : { href: s.href, ...(s.integrity ? { integrity: s.integrity } : {}), ...(s.crossorigin ? { crossorigin: s.crossorigin } : {}) }));
}

/** The stylesheets pages link from another host (for the Content-Security-Policy). */
export function remoteStylesheets(config: SiteConfig): string[] {
  return config.stylesheets.filter((s) => !KATEX_CSS_RE.test(s.href)).map((s) => s.href);
}

/** The files of the copy, when a configured stylesheet is KaTeX's: the stylesheet and its WOFF2 fonts. */
export function katexFiles(config: SiteConfig): { path: string; contents: string | Uint8Array }[] {
  if (!config.stylesheets.some((s) => KATEX_CSS_RE.test(s.href))) return [];
  const copy = katexCopy();
  const fonts = readdirSync(path.join(copy.dist, 'fonts')).filter((f) => f.endsWith('.woff2')).sort();
  return [
    { path: copy.path, contents: copy.contents },
    ...fonts.map((f) => ({ path: `${copy.fontsDir}/${f}`, contents: readFileSync(path.join(copy.dist, 'fonts', f)) })),
  ];
}
