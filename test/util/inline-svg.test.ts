import { describe, expect, it } from 'vitest';
import { inlineSvg, svgAspectRatio, type InlineSvg } from '../../src/util/inline-svg.ts';

const inline = (text: string, maxBytes?: number) => inlineSvg(text, { idPrefix: 'logo-', maxBytes });
const ok = (text: string): InlineSvg => {
  const result = inline(text);
  if ('reason' in result) throw new Error(`not inlined: ${result.reason}`);
  return result;
};
const reason = (text: string, maxBytes?: number) => {
  const result = inline(text, maxBytes);
  return 'reason' in result ? result.reason : undefined;
};

describe('inlineSvg', () => {
  it("keeps the root's drawing attributes, not its size, id, class, role, ARIA or an editor's own", () => {
    const svg = ok('<?xml version="1.0"?>\n<!-- made by hand -->\n<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" inkscape:version="1.2" id="root" class="x" role="img" aria-labelledby="t" width="64" height="64" viewBox="0 0 64 64" fill="none" stroke-width="2" style="fill-opacity: .5"><title id="t">Arena</title><desc>A snake</desc><metadata><rdf/></metadata><!-- eye --><circle cx="4" cy="4" r="2"/></svg>\n');
    expect(svg.attributes).toEqual({ xmlns: 'http://www.w3.org/2000/svg', viewBox: '0 0 64 64', fill: 'none', strokeWidth: '2', style: { fillOpacity: '.5' } });
    expect(svg.inner).toBe('<circle cx="4" cy="4" r="2"/>');
  });

  it('gives a file with only a width and height (or a viewBox browsers ignore) the viewBox that stretches it as an image is', () => {
    // 229 SVG files of real Docusaurus sites, drawn in a 64 px box as an <img> and inline, were
    // alike pixel for pixel only once these stretched as the image does.
    expect(ok('<svg width="24px" height="12" xmlns="http://www.w3.org/2000/svg"><rect width="24" height="12"/></svg>').attributes)
      .toEqual({ xmlns: 'http://www.w3.org/2000/svg', viewBox: '0 0 24 12', preserveAspectRatio: 'none' });
    expect(ok('<svg width="500" height="98.5" viewBox="0 0 5"><rect/></svg>').attributes).toEqual({ viewBox: '0 0 500 98.5', preserveAspectRatio: 'none' });
    expect(ok('<svg width="500" height="98.5" viewBox="0,0 5,2"><rect/></svg>').attributes).toEqual({ viewBox: '0,0 5,2' });
    expect(reason('<svg xmlns="http://www.w3.org/2000/svg"><rect width="24" height="12"/></svg>')).toMatch(/viewBox/);
    expect(reason('<svg width="100%" height="100%"><rect width="24" height="12"/></svg>')).toMatch(/viewBox/);
  });

  it('prefixes ids and every reference to them, and leaves other text alone', () => {
    const svg = ok([
      '<svg viewBox="0 0 10 10">',
      '<defs><linearGradient id="g"><stop offset="0"/></linearGradient><path id="p" d="M0 0"/></defs>',
      '<rect fill="url(#g)" aria-describedby="p other"/><use href="#p"/><use xlink:href=\'#p\'/>',
      '<text>id="g" is url(#nothing)</text>',
      '</svg>',
    ].join(''));
    expect(svg.inner).toBe([
      '<defs><linearGradient id="logo-g"><stop offset="0"/></linearGradient><path id="logo-p" d="M0 0"/></defs>',
      '<rect fill="url(#logo-g)" aria-describedby="logo-p other"/><use href="#logo-p"/><use xlink:href=\'#logo-p\'/>',
      '<text>id="g" is url(#nothing)</text>',
    ].join(''));
  });

  it('inlines a self-closing root as an empty drawing', () => {
    expect(ok('<svg viewBox="0 0 1 1"/>')).toEqual({ attributes: { viewBox: '0 0 1 1' }, inner: '' });
  });

  it('says why a file stays an image: what would behave differently inside a page, or its size', () => {
    const cases: [string, RegExp][] = [
      ['<svg viewBox="0 0 1 1"><style>circle { fill: red }</style><circle r="1"/></svg>', /<style>/],
      ['<svg viewBox="0 0 1 1"><script>alert(1)</script></svg>', /<script>/],
      ['<svg viewBox="0 0 1 1"><foreignObject><p>Hi</p></foreignObject></svg>', /foreignObject/],
      ['<svg viewBox="0 0 1 1"><a href="#x"><circle r="1"/></a></svg>', /link element/],
      ['<svg viewBox="0 0 1 1" onload="go()"><circle r="1"/></svg>', /event handler/],
      ['<svg viewBox="0 0 1 1"><circle onclick="go()" r="1"/></svg>', /event handler/],
      ['<svg viewBox="0 0 1 1"><image href="photo.png"/></svg>', /another file \(href\)/],
      ['<svg viewBox="0 0 1 1"><use xlink:href = "other.svg#a"/></svg>', /another file \(href\)/],
      ['<svg viewBox="0 0 1 1"><rect fill="url(other.svg#g)"/></svg>', /another file \(url\(\)\)/],
      ['<!DOCTYPE svg [ <!ENTITY e "x"> ]><svg viewBox="0 0 1 1"><text>&e;</text></svg>', /entities/],
      ['<html><p>no drawing</p></html>', /no <svg> root/],
      ['<svg viewBox="0 0 1 1"><circle r="1"/>', /not closed/],
    ];
    for (const [text, why] of cases) expect(reason(text), text).toMatch(why);
    const big = `<svg viewBox="0 0 1 1">${'<circle r="1"/>'.repeat(100)}</svg>`;
    expect(reason(big, 1000)).toBe('it is over 1000 bytes');
    expect(reason(big)).toBeUndefined();
  });

  it('lets through references inside the file, quoted or spaced', () => {
    expect(reason('<svg viewBox="0 0 1 1"><defs><path id="a"/></defs><use href = "#a"/><rect fill="url( \'#a\' )"/></svg>')).toBeUndefined();
  });
});

describe('svgAspectRatio', () => {
  it("reads a file's shape from its viewBox, else its width and height", () => {
    expect(svgAspectRatio('<svg viewBox="0 0 40 16" width="10" height="10"/>')).toBe(2.5);
    expect(svgAspectRatio('<?xml version="1.0"?><svg width="500px" height="200"><g/></svg>')).toBe(2.5);
    expect(svgAspectRatio('<svg width="500" height="100" viewBox="0 0 5"/>')).toBe(5);
    expect(svgAspectRatio('<svg width="100%" height="100%"/>')).toBeUndefined();
    expect(svgAspectRatio('<p>no drawing</p>')).toBeUndefined();
  });
});
