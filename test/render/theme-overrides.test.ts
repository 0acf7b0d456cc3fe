import { describe, expect, it } from 'vitest';
import { buildInMemory } from '../helpers/build-helpers.ts';
import { fixture } from '../helpers/helpers.ts';

describe('theme overrides', () => {
  it('lets a site replace a theme file; its relative imports resolve as in the default theme', async () => {
    const { out } = await buildInMemory(fixture('core-theme'));
    const html = out.text('index.html')!;
    expect(html).toContain('class="fixture-breadcrumbs">0 crumbs (override)');
    expect(html).toContain('class="fixture-version-note">Fixture theme');
    expect(html).toContain('data-raw="content"');
    expect(html).toContain('<p>Hello.</p>');
  });

  it('lets a site replace the icons\' file, each icon still a view of it (a URL with a fragment)', async () => {
    const { out } = await buildInMemory(fixture('core-theme'));
    const sheet = [...out.files.keys()].find((f) => /^assets\/css\/main\.[A-Z0-9]+\.css$/.test(f))!;
    const urls = [...out.text(sheet)!.matchAll(/--icon:\s*url\("?\.\.\/media\/([^")#]+)#([a-z-]+)"?\)/g)];
    expect(urls.length).toBeGreaterThanOrEqual(16);
    expect(new Set(urls.map((u) => u[1])).size).toBe(1);
    expect(urls.map((u) => u[2])).toContain('menu');
    expect(out.text(`assets/media/${urls[0]![1]}`)).toContain('The core-theme fixture\'s own icons');
  });
});
