/**
 * The site's own stylesheets (`customCss`, Docusaurus's `theme.customCss`), bundled into one file
 * that every page links after the theme's: `@import`s are inlined, images and fonts they refer
 * to are copied under `assets/media/` with a content hash, and absolute `url(/img/…)` stay the
 * site's files. SCSS and Sass are compiled with the site's own `sass` package, as Docusaurus's
 * sass plugin does; a site without it gets an error naming the file and the package to install.
 *
 * A Docusaurus stylesheet sets Infima's `--ifm-color-primary` (and often `--ifm-link-color`):
 * when the bundle does, the theme's primary and link colours follow them, in both modes.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import { esbuildDiagnostics } from '../bundle/esbuild-diagnostics.ts';
import type { SiteFence } from '../content/site-fence.ts';
import { fenceProblem, FENCE_HINT } from '../content/site-fence.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { siteUrlPlugin } from '../util/site-url-plugin.ts';

/** The stylesheet and the files it refers to, as written under the output folder. */
export interface CustomCss {
  /** `assets/css/site.<hash>.css`, or none when there was nothing to bundle or it failed. */
  stylesheet?: { path: string; contents: string };
  files: { path: string; contents: Uint8Array }[];
  diagnostics: Diagnostic[];
  /** The files read (the stylesheets and what they import), absolute: dev watches them. */
  inputs: string[];
}

const sassRE = /\.s[ac]ss$/;
/** Images and fonts a stylesheet refers to: copied, named by their content. */
const FILE_LOADERS = Object.fromEntries(['.png', '.jpg', '.jpeg', '.gif', '.webp', '.avif', '.svg', '.ico', '.woff', '.woff2', '.ttf', '.otf', '.eot'].map((e) => [e, 'file' as const]));

/** Infima's colours, read by the theme's (only when the site's CSS sets them). */
const INFIMA_BRIDGE = `
:root {
  --c-primary: var(--ifm-color-primary);
  --c-link: var(--ifm-link-color, var(--ifm-color-primary));
}
`;

/** Bundles `files` (paths from the site root, or absolute) as the module comment says. */
export async function bundleCustomCss(options: { root: string; files: readonly string[]; fence: SiteFence; configFile: string; minify?: boolean }): Promise<CustomCss> {
  const root = path.resolve(options.root);
  const diagnostics: Diagnostic[] = [];
  const problem = (index: number, message: string, hint: string): Diagnostic => ({ file: options.configFile, severity: 'error', ruleId: 'config/custom-css', message: `customCss[${index}]: ${message}`, hint });
  const files: string[] = [];
  options.files.forEach((given, index) => {
    const abs = path.resolve(root, given);
    const outside = fenceProblem(options.fence, abs);
    if (outside) diagnostics.push(problem(index, outside, FENCE_HINT));
    else if (!existsSync(abs)) diagnostics.push(problem(index, `\`${given}\` does not exist`, 'Give the path of a CSS or SCSS file from the site\'s root.'));
    else files.push(abs);
  });
  if (diagnostics.length || !files.length) return { files: [], diagnostics, inputs: files };
  const sassFile = files.find((f) => sassRE.test(f));
  const sass = sassFile ? loadSass(root) : undefined;
  if (sassFile && !sass) {
    diagnostics.push(problem(files.indexOf(sassFile), `\`${path.relative(root, sassFile)}\` is SCSS, and the site has no \`sass\` package to compile it`, 'Install it in the site (`npm install --save-dev sass`), as Docusaurus\'s sass plugin needs it too.'));
    return { files: [], diagnostics, inputs: files };
  }
  let result;
  try {
    result = await build({
      stdin: { contents: files.map((f) => `@import ${JSON.stringify(f)};`).join('\n'), loader: 'css', resolveDir: root, sourcefile: 'customCss' },
      bundle: true, write: false, outdir: '/out', entryNames: 'assets/css/site', assetNames: 'assets/media/[name].[hash]',
      minify: options.minify ?? true, logLevel: 'silent', metafile: true, absWorkingDir: root,
      loader: FILE_LOADERS,
      plugins: [siteUrlPlugin(), ...(sass ? [sassPlugin(sass, root)] : [])],
    });
  } catch (error) {
    const failures = esbuildDiagnostics(error, { what: 'the site\'s stylesheets (`customCss`)', ruleId: 'config/custom-css', root, fallbackFile: options.configFile });
    if (!failures) throw error;
    return { files: [], diagnostics: failures, inputs: files };
  }
  const css = result.outputFiles.find((f) => f.path.endsWith('.css'))!;
  const text = css.text.includes('--ifm-color-primary') ? css.text + INFIMA_BRIDGE : css.text;
  const hash = createHash('sha256').update(text).digest('hex').slice(0, 10);
  return {
    stylesheet: { path: `assets/css/site.${hash}.css`, contents: text },
    files: result.outputFiles.filter((f) => f !== css).map((f) => ({ path: path.posix.relative('/out', f.path), contents: f.contents })),
    diagnostics,
    inputs: Object.keys(result.metafile.inputs).filter((k) => !k.includes(':')).map((k) => path.resolve(root, k)),
  };
}

/** The `compile` of the site's `sass` package (Dart Sass's JavaScript API), if it has one. */
type Sass = { compile(file: string, options?: { loadPaths?: string[] }): { css: string } };
function loadSass(root: string): Sass | undefined {
  try {
    return createRequire(path.join(root, 'package.json'))('sass') as Sass;
  } catch {
    return undefined;
  }
}

/** Compiles `.scss`/`.sass` files with the site's `sass`, then esbuild bundles the CSS. */
function sassPlugin(sass: Sass, root: string): Plugin {
  return {
    name: 'sitegen-sass',
    setup(b) {
      b.onLoad({ filter: sassRE }, (args) => {
        try {
          return { contents: sass.compile(args.path, { loadPaths: [path.dirname(args.path), path.join(root, 'node_modules')] }).css, loader: 'css', resolveDir: path.dirname(args.path) };
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          return { errors: [{ text: message.split('\n')[0], location: { file: args.path } }] };
        }
      });
    },
  };
}
