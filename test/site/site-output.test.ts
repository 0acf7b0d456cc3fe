import { describe, expect, it } from 'vitest';
import { createSiteOutput } from '../../src/site/site-output.ts';
import { MemoryWriter } from '../../src/site/writer.ts';

// Dev: a render hands its files to a store that keeps the last render's; a file given again with
// the same contents (a cached sidebar file, the feeds) is listed, not written again.
describe('createSiteOutput with the last render\'s files (dev)', () => {
  it('writes only files whose contents changed since last time, and never skips pages', async () => {
    const big = JSON.stringify({ items: Array.from({ length: 100 }, (_, i) => `item ${i}`) });
    const page = '<p>page</p>';
    const first = new MemoryWriter();
    const out1 = createSiteOutput(first, { unchanged: new Map() });
    await out1.write('sidebar.json', big);
    await out1.write('sitemap.xml', '<urlset>one</urlset>');
    await out1.write('guide.html', page, 'page');

    const second = new MemoryWriter();
    const out2 = createSiteOutput(second, { unchanged: out1.written });
    await out2.write('sidebar.json', big);
    await out2.write('sitemap.xml', '<urlset>two</urlset>');
    await out2.write('guide.html', page, 'page');
    expect([...second.files.keys()].sort()).toEqual(['guide.html', 'sitemap.xml']);
    expect([...out2.outputs].sort()).toEqual(['guide.html', 'sidebar.json', 'sitemap.xml']);
    expect([...out2.files].sort()).toEqual(['/sidebar.json', '/sitemap.xml']);
    expect(second.text('sitemap.xml')).toBe('<urlset>two</urlset>');
    expect(out2.bytes).toBe(out1.bytes);
    // What the next render compares against: this render's files, skipped ones included.
    expect([...out2.written!.keys()].sort()).toEqual(['sidebar.json', 'sitemap.xml']);
  });

  it('keeps nothing without it (a build)', async () => {
    const out = createSiteOutput(new MemoryWriter());
    await out.write('sidebar.json', '[]');
    expect(out.written).toBeUndefined();
  });
});
