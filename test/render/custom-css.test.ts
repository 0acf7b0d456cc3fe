import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSiteFence } from '../../src/content/site-fence.ts';
import { bundleCustomCss } from '../../src/render/custom-css.ts';
import { repoRoot } from '../helpers/copy-fixture.ts';

// Issue 39 › 2: `customCss` (Docusaurus's `theme.customCss`): what goes wrong is an error that
// names the entry and what to do; SCSS needs the site's own `sass`.

const root = path.join(repoRoot, 'node_modules/.cache/sitegen-tests', `custom-css-${process.pid}`);
afterEach(() => rmSync(root, { recursive: true, force: true }));

function site(files: Record<string, string>) {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return { root, fence: createSiteFence({ root }), configFile: 'docusaurus.config.js' };
}

describe('bundleCustomCss', () => {
  it('bundles plain CSS with an absolute url() left to the site\'s files, and no Infima bridge when Infima is not used', async () => {
    const made = await bundleCustomCss({ ...site({ 'src/css/a.css': '.a { background: url(/img/x.png); color: red; }\n' }), files: ['src/css/a.css'] });
    expect(made.diagnostics).toEqual([]);
    expect(made.stylesheet!.contents).toContain('url(/img/x.png)');
    expect(made.stylesheet!.contents).not.toContain('--c-primary');
  });

  it('names a missing file, a file outside the site, and an SCSS file without `sass`, at the config', async () => {
    const given = site({ 'src/css/theme.scss': '$brown: #8a5a2b;\n.a { color: $brown; }\n', 'package.json': '{}\n' });
    const missing = await bundleCustomCss({ ...given, files: ['src/css/gone.css', '../outside.css'] });
    expect(missing.diagnostics.map((d) => `${d.file} ${d.ruleId} ${d.message.split(':')[0]}`)).toEqual([
      'docusaurus.config.js config/custom-css customCss[0]',
      'docusaurus.config.js config/custom-css customCss[1]',
    ]);
    expect(missing.diagnostics[0].message).toContain('`src/css/gone.css` does not exist');
    const scss = await bundleCustomCss({ ...given, files: ['src/css/theme.scss'] });
    expect(scss.stylesheet).toBeUndefined();
    expect(scss.diagnostics).toHaveLength(1);
    expect(scss.diagnostics[0].message).toContain('`src/css/theme.scss` is SCSS, and the site has no `sass` package');
    expect(scss.diagnostics[0].hint).toContain('npm install --save-dev sass');
  });

  it('compiles SCSS with the site\'s own `sass`', async () => {
    // A stand-in for Dart Sass's JavaScript API, installed in the site as a package would be.
    const given = site({
      'package.json': '{}\n',
      'node_modules/sass/package.json': '{"name":"sass","main":"index.js"}\n',
      'node_modules/sass/index.js': "exports.compile = (file) => ({ css: '.compiled-from-' + require('path').basename(file, '.scss') + ' { color: #8a5a2b; }' });\n",
      'src/css/theme.scss': '.a { color: $brown; }\n',
    });
    const made = await bundleCustomCss({ ...given, files: ['src/css/theme.scss'] });
    expect(made.diagnostics).toEqual([]);
    expect(made.stylesheet!.contents).toContain('.compiled-from-theme{color:#8a5a2b}');
  });
});
