import { build, type Plugin } from 'esbuild';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { DEFAULT_THEME_DIR } from '../render/theme-plugin.ts';

/** The mermaid script of a site: its files under `assets/js/` and the URL pages load. */
export interface MermaidAssets {
  files: { path: string; contents: Uint8Array }[];
  script?: string;
  diagnostics: Diagnostic[];
}

/** One bundle per site, mermaid version and themes in a process (dev builds again after every edit). */
const made = new Map<string, Promise<MermaidAssets>>();

/**
 * Bundles theme/client/mermaid.ts with the site's own `mermaid` package (the one
 * `@docusaurus/theme-mermaid` installs), split into chunks that pages with a diagram load. A
 * site without the package gets an error that says how to install it.
 */
export function bundleMermaid(options: { siteRoot: string; themes: { light: string; dark: string }; configFile: string; minify?: boolean }): Promise<MermaidAssets> {
  const { siteRoot, themes } = options;
  const version = installedVersion(siteRoot);
  if (!version) {
    return Promise.resolve({
      files: [], diagnostics: [{
        file: options.configFile, severity: 'error', ruleId: 'config/mermaid',
        message: '`markdown.mermaid` is on, but the site has no `mermaid` package to draw diagrams with',
        hint: 'Install it in the site: `npm install mermaid` (a Docusaurus site: `npm install @docusaurus/theme-mermaid`), or turn `markdown.mermaid` off.',
      }],
    });
  }
  const key = JSON.stringify([path.resolve(siteRoot), version, themes, options.minify ?? true]);
  let found = made.get(key);
  if (!found) {
    found = bundle(options);
    made.set(key, found);
    found.catch(() => made.delete(key));
  }
  return found;
}

async function bundle(options: { siteRoot: string; themes: { light: string; dark: string }; configFile: string; minify?: boolean }): Promise<MermaidAssets> {
  let result;
  try {
    result = await bundleWith(options);
  } catch (error) {
    const first = (error as { errors?: { text: string }[] }).errors?.[0]?.text ?? (error as Error).message;
    return { files: [], diagnostics: [{ file: options.configFile, severity: 'error', ruleId: 'config/mermaid', message: `Cannot bundle the site's \`mermaid\` package for the browser: ${first}`, hint: 'Reinstall it (`npm install mermaid`), or turn `markdown.mermaid` off.' }] };
  }
  const files = result.outputFiles.filter((f) => f.path.endsWith('.js')).map((f) => ({ path: f.path.replace(/^\/assets\//, 'assets/'), contents: f.contents }));
  const entry = Object.entries(result.metafile.outputs).find(([, o]) => o.entryPoint?.endsWith('client/mermaid.ts'))?.[0];
  return { files, script: entry && `/${entry.replace(/^(?:\.\.\/)*\/?assets\//, 'assets/').replace(/^\/+/, '')}`, diagnostics: [] };
}

function bundleWith(options: { siteRoot: string; themes: { light: string; dark: string }; minify?: boolean }) {
  return build({
    entryPoints: { mermaid: path.join(DEFAULT_THEME_DIR, 'client/mermaid.ts') },
    bundle: true, write: false, outdir: '/assets', entryNames: 'js/[name].[hash]', chunkNames: 'js/mermaid-chunk.[hash]',
    splitting: true, format: 'esm', platform: 'browser', target: ['chrome100', 'firefox100', 'safari15'],
    minify: options.minify ?? true, legalComments: 'none', metafile: true, logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"', SITEGEN_MERMAID_THEMES: JSON.stringify(options.themes) },
    plugins: [siteMermaidPlugin(options.siteRoot)],
  });
}

/** `mermaid` from the site's folder, not sitegen's: the version the site installed. */
function siteMermaidPlugin(siteRoot: string): Plugin {
  return {
    name: 'sitegen-site-mermaid',
    setup(b) {
      b.onResolve({ filter: /^mermaid$/ }, (args) => (args.pluginData === 'site' ? undefined : b.resolve('mermaid', { kind: args.kind, resolveDir: path.resolve(siteRoot), pluginData: 'site' })));
    },
  };
}

/** The version of the site's `mermaid` package (looked up from its folder upwards), if it has one. */
function installedVersion(siteRoot: string): string | undefined {
  for (let dir = path.resolve(siteRoot); ; dir = path.dirname(dir)) {
    try {
      return (JSON.parse(readFileSync(path.join(dir, 'node_modules/mermaid/package.json'), 'utf8')) as { version: string }).version;
    } catch {
      if (path.dirname(dir) === dir) return undefined;
    }
  }
}
