import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { inlineSvg } from '../../src/util/inline-svg.ts';
import { noBrowser, useBrowser } from './harness.ts';

// An inlined logo must look as its <img> did. These are the kinds of SVG file found among 229
// small SVG files of real Docusaurus sites (written here, not copied): each is drawn in a box of
// another shape than its own, as an image and as the markup the navbar renders, and compared.
const files: Record<string, string> = {
  'viewBox, gradient and clip path by id': '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 20"><defs><linearGradient id="g"><stop offset="0" stop-color="#0a6e43"/><stop offset="1" stop-color="#ffc266"/></linearGradient><clipPath id="c"><circle cx="10" cy="10" r="9"/></clipPath></defs><rect width="40" height="20" fill="url(#g)" clip-path="url(#c)"/><rect x="22" y="4" width="14" height="12" fill="url(#g)"/></svg>',
  'only a width and height (stretched like a photo)': '<svg xmlns="http://www.w3.org/2000/svg" width="50" height="20"><rect x="2" y="2" width="46" height="16" rx="4" fill="#0a6e43"/><circle cx="10" cy="10" r="5" fill="#fff"/></svg>',
  'a viewBox browsers ignore': '<svg xmlns="http://www.w3.org/2000/svg" width="50" height="10" viewBox="0 0 5"><rect width="50" height="10" fill="#7a2e8e"/><rect width="10" height="10" fill="#fff"/></svg>',
  'a symbol drawn with xlink:href, no root viewBox': '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="30" height="30"><symbol id="s" viewBox="-5 -5 10 10"><circle r="4" fill="#c0392b"/></symbol><use xlink:href="#s" width="30" height="30"/></svg>',
};

const tabs = useBrowser();

describe.skipIf(noBrowser)('an inlined SVG logo in Chromium', { timeout: 120_000 }, () => {
  it('looks as the same file shown as an image, whatever its shape', async () => {
    const { page } = await tabs.open({ viewport: { width: 400, height: 300 } });
    for (const [name, text] of Object.entries(files)) {
      const svg = inlineSvg(text, { idPrefix: 'logo-' });
      if ('reason' in svg) throw new Error(`${name}: not inlined (${svg.reason})`);
      const inline = renderToStaticMarkup(createElement('svg', { ...svg.attributes, id: 'inline', width: 64, height: 40, dangerouslySetInnerHTML: { __html: svg.inner } }));
      const image = `<img id="image" width="64" height="40" src="data:image/svg+xml,${encodeURIComponent(text)}">`;
      await page.setContent(`<body style="margin:0;background:#fff"><div style="display:flex;gap:8px">${image}${inline}</div></body>`);
      await page.locator('#image').evaluate((img: HTMLImageElement) => img.decode());
      const [a, b] = [await page.locator('#image').screenshot(), await page.locator('#inline').screenshot()];
      const differing = await page.evaluate(async ([x, y]) => {
        const load = (b64: string) => new Promise<HTMLImageElement>((resolve) => { const im = new Image(); im.onload = () => resolve(im); im.src = `data:image/png;base64,${b64}`; });
        const pixels = (im: HTMLImageElement) => {
          const canvas = document.createElement('canvas');
          canvas.width = im.width;
          canvas.height = im.height;
          const context = canvas.getContext('2d')!;
          context.drawImage(im, 0, 0);
          return context.getImageData(0, 0, im.width, im.height).data;
        };
        const [pa, pb] = (await Promise.all([load(x), load(y)])).map(pixels);
        // Anti-aliasing may differ by a few levels on an edge; a different drawing differs by far more.
        let count = 0;
        for (let i = 0; i < pa.length; i++) if (Math.abs(pa[i] - pb[i]) > 32) count++;
        return pa.length === pb.length ? count : Infinity;
      }, [a.toString('base64'), b.toString('base64')] as const);
      expect(differing, name).toBeLessThanOrEqual(20);
    }
  });
});
