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
});
