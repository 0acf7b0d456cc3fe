import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSET_LOADERS } from '../../src/util/asset-loaders.ts';
import { siteUrlPlugin } from '../../src/util/site-url-plugin.ts';
import { repoRoot } from '../helpers/copy-fixture.ts';

// What every bundler of a site's own code shares: JSX in `.js` files, images and fonts as data
// URLs, and CSS `url(/…)` left for the browser to fetch from the site.

const root = path.join(repoRoot, 'node_modules/.cache/sitegen-tests', `loaders-${process.pid}`);
// Binary bytes, as images and fonts are (esbuild writes plain text as a data URL without base64).
const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff]);
const woff2 = Buffer.from([0x77, 0x4f, 0x46, 0x32, 0x00, 0xfe]);
const files: Record<string, string | Buffer> = {
  'card.js': "import logo from './logo.png';\nimport './card.css';\nexport default function Card() { return <img src={logo} />; }\n",
  'card.css': "@font-face { font-family: X; src: url('./x.woff2'); }\n.card { background: url(/img/bg.png); }\n",
  'logo.png': png,
  'x.woff2': woff2,
};

let js = '';
let css = '';
beforeAll(async () => {
  mkdirSync(root, { recursive: true });
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(root, file), text);
  const result = await build({
    entryPoints: [path.join(root, 'card.js')], bundle: true, write: false, outdir: '/out', format: 'esm', jsx: 'automatic',
    external: ['react'], logLevel: 'silent', loader: ASSET_LOADERS, plugins: [siteUrlPlugin()], absWorkingDir: root,
  });
  js = result.outputFiles.find((f) => f.path.endsWith('.js'))!.text;
  css = result.outputFiles.find((f) => f.path.endsWith('.css'))!.text;
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('ASSET_LOADERS', () => {
  it('reads JSX in a `.js` file, and makes images and fonts data URLs (no files of their own)', () => {
    expect(js).toContain('from "react/jsx-runtime"');
    expect(js).toContain(`"data:image/png;base64,${png.toString('base64')}"`);
    expect(css).toContain(`url(data:font/woff2;base64,${woff2.toString('base64')})`);
  });
});

describe('siteUrlPlugin', () => {
  it('leaves an absolute url() of the CSS as written, for the site\'s public files', () => {
    expect(css).toContain('background: url(/img/bg.png)');
  });

  it('leaves imports that are not url() tokens to the other resolvers', async () => {
    const error = await build({
      stdin: { contents: "import '/no/such/file.js';", resolveDir: root }, bundle: true, write: false, logLevel: 'silent', plugins: [siteUrlPlugin()],
    }).then(() => undefined, (e: { errors: { text: string }[] }) => e.errors[0].text);
    expect(error).toBe('Could not resolve "/no/such/file.js"');
  });
});
