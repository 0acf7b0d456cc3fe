import { describe, expect, it } from 'vitest';
import { AxeBuilder } from '@axe-core/playwright';
import { goto, noBrowser, useBrowser } from './harness.ts';

// Issue 39 › 1: `markdown.mermaid` (test/fixtures/docusaurus-site, a Docusaurus config with
// `@docusaurus/theme-mermaid`): a ```mermaid block is drawn as a diagram with the site's mermaid
// package, in the theme of the colour mode (`themeConfig.mermaid.theme`), drawn again when the
// mode changes; pages without a diagram load none of it.

const tabs = useBrowser();

describe.skipIf(noBrowser)('mermaid diagrams', () => {
  it('draws a diagram in the page\'s colour mode, again when the mode changes, with no axe violation', async () => {
    const { page } = await tabs.open({ site: 'docusaurus', theme: 'light' });
    await goto(page, '/docs/shafts');
    const figure = page.locator('.mermaid-diagram');
    await expect.poll(() => figure.getAttribute('data-drawn'), { timeout: 60_000 }).toBe('neutral');
    // The source's labels are now the SVG's.
    expect(await figure.locator('svg').count()).toBe(1);
    expect(await figure.locator('svg').textContent()).toContain('Shore the walls');
    expect(await figure.locator('pre').count()).toBe(0);
    const light = await figure.locator('svg').innerHTML();
    const violations = async () => (await new AxeBuilder({ page }).include('.mermaid-diagram').setLegacyMode(true).options({ resultTypes: ['violations'] }).analyze()).violations
      .map((v) => `${v.id}: ${v.help} ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
    expect(await violations()).toEqual([]);
    // The switch sets `data-theme`: the diagram follows.
    await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
    await expect.poll(() => figure.getAttribute('data-drawn'), { timeout: 60_000 }).toBe('dark');
    expect(await figure.locator('svg').innerHTML()).not.toBe(light);
    expect(await violations()).toEqual([]);
  });

  it('loads no mermaid script on a page without a diagram, and the diagram page\'s script only there', async () => {
    const { page } = await tabs.open({ site: 'docusaurus' });
    await goto(page, '/docs/intro');
    const mermaidScripts = () => page.evaluate(() => [...document.scripts].map((s) => s.src).concat(performance.getEntriesByType('resource').map((e) => e.name)).filter((url) => /mermaid/.test(url)));
    expect(await mermaidScripts()).toEqual([]);
    await goto(page, '/docs/shafts');
    await expect.poll(mermaidScripts, { timeout: 30_000 }).not.toEqual([]);
  });
});
