import { describe, expect, it } from 'vitest';
import { inlineSvg, readSvgFile, svgAspectRatio, type InlineSvg } from '../../src/util/inline-svg.ts';

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
  it("keeps the root's drawing attributes only: not its size, id, class, role, ARIA, style, overflow or an editor's own", () => {
    const svg = ok('<?xml version="1.0"?>\n<!-- made by hand -->\n<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" inkscape:version="1.2" id="root" class="x" role="img" aria-labelledby="t" width="64" height="64" viewBox="0 0 64 64" fill="none" stroke-width="2" style="display:block" overflow="visible" children="x"><title id="t">Arena</title><desc>A snake</desc><metadata><rdf/></metadata><!-- eye --><sodipodi:namedview/><circle cx="4" cy="4" r="2" inkscape:label="eye"/></svg>\n');
    expect(svg).toEqual({ attributes: { viewBox: '0 0 64 64', fill: 'none', strokeWidth: '2' }, inner: '<circle cx="4" cy="4" r="2"/>' });
    // Its style only as far as it paints: the page's CSS places and shows the logo (`.logo-dark { display: none }`).
    expect(ok('<svg viewBox="0 0 1 1" style="background-color:#000; display:block; width:100%; fill-opacity: .5"><rect/></svg>').attributes)
      .toEqual({ viewBox: '0 0 1 1', style: { backgroundColor: '#000', fillOpacity: '.5' } });
  });

  it('gives a file with only a width and height (or a viewBox browsers ignore) the viewBox that stretches it as an image is', () => {
    // 229 SVG files of real Docusaurus sites, drawn in a 64 px box as an <img> and inline, were
    // alike pixel for pixel only once these stretched as the image does.
    expect(ok('<svg width="24px" height="12" xmlns="http://www.w3.org/2000/svg"><rect width="24" height="12"/></svg>').attributes)
      .toEqual({ viewBox: '0 0 24 12', preserveAspectRatio: 'none' });
    expect(ok('<svg width="500" height="98.5" viewBox="0 0 5"><rect/></svg>').attributes).toEqual({ viewBox: '0 0 500 98.5', preserveAspectRatio: 'none' });
    expect(ok('<svg width="500" height="98.5" viewbox="0,0 5,2"><rect/></svg>').attributes).toEqual({ viewBox: '0,0 5,2' });
    expect(reason('<svg xmlns="http://www.w3.org/2000/svg"><rect width="24" height="12"/></svg>')).toMatch(/viewBox/);
    expect(reason('<svg width="100%" height="100%"><rect width="24" height="12"/></svg>')).toMatch(/viewBox/);
  });

  it('prefixes ids and every reference to them in attributes, and leaves text alone', () => {
    const svg = ok([
      '<svg viewBox="0 0 10 10">',
      '<defs><linearGradient id="g"><stop offset="0"/></linearGradient><path id="p" d="M0 0"/></defs>',
      '<rect fill="url(#g)" style="stroke: url(\'#g\')" aria-describedby="p other"/><use href="#p"/><use xlink:href=\'#p\'/>',
      '<text>id="g" is url(#g)</text>',
      '</svg>',
    ].join(''));
    expect(svg.inner).toBe([
      '<defs><linearGradient id="logo-g"><stop offset="0"/></linearGradient><path id="logo-p" d="M0 0"/></defs>',
      '<rect fill="url(#logo-g)" style="stroke: url(&#x27;#logo-g&#x27;)" aria-describedby="logo-p other"/><use href="#logo-p"/><use xlink:href="#logo-p"/>',
      '<text>id="g" is url(#g)</text>',
    ].join(''));
  });

  it('keeps prefixes of two files apart', () => {
    const light = inlineSvg('<svg viewBox="0 0 1 1"><linearGradient id="dark-g"/></svg>', { idPrefix: 'logo-l-' });
    const dark = inlineSvg('<svg viewBox="0 0 1 1"><linearGradient id="g"/></svg>', { idPrefix: 'logo-d-' });
    expect([light, dark].map((s) => ('inner' in s ? s.inner : s.reason))).toEqual(['<linearGradient id="logo-l-dark-g"/>', '<linearGradient id="logo-d-g"/>']);
  });

  it('inlines the markup as the page parses it: comments, CDATA and odd closing tags cannot leave anything open', () => {
    expect(ok('<svg viewBox="0 0 1 1"><rect/></svg><!-- end </svg> -->').inner).toBe('<rect/>');
    expect(ok('<svg viewBox="0 0 10 10"><text><![CDATA[<!--]]></text><rect/><!-- c --></svg>').inner).toBe('<text>&#x3C;!--</text><rect/>');
    expect(ok('<svg viewBox="0 0 2 2"><svg viewBox="0 0 1 1"><rect/></svg></svg\n>').inner).toBe('<svg viewBox="0 0 1 1"><rect/></svg>');
    expect(ok('<!-- <svg viewBox="0 0 24 24"> --><svg viewBox="0 0 48 48"><rect/></svg>').attributes).toEqual({ viewBox: '0 0 48 48' });
    expect(ok('<svg viewBox="0 0 1 1"><text>a &lt; b &amp; "c"</text></svg>').inner).toBe('<text>a &#x3C; b &#x26; "c"</text>');
  });

  it('inlines a self-closing root as an empty drawing', () => {
    expect(ok('<svg viewBox="0 0 1 1"/>')).toEqual({ attributes: { viewBox: '0 0 1 1' }, inner: '' });
  });

  it('says why a file stays an image: anything but drawing, a handler, another file, or its size', () => {
    const cases: [string, RegExp][] = [
      ['<svg viewBox="0 0 1 1"><style>circle { fill: red }</style><circle r="1"/></svg>', /<style>/],
      ['<svg viewBox="0 0 1 1"><script>alert(1)</script></svg>', /<script>/],
      ['<svg viewBox="0 0 1 1"><foreignObject><p>Hi</p></foreignObject></svg>', /<foreignObject>/],
      ['<svg viewBox="0 0 1 1"><a href="#x"><circle r="1"/></a></svg>', /<a>/],
      ['<svg viewBox="0 0 1 1" onload="go()"><circle r="1"/></svg>', /event handler/],
      ['<svg viewBox="0 0 1 1"><circle ONCLICK = "go()" r="1"/></svg>', /event handler/],
      ['<svg viewBox="0 0 1 1"><rect/onclick="go()"/width="1"/></svg>', /event handler/],
      ['<svg viewBox="0 0 1 1"><animate attributeName="x" dur="1s"onbegin="alert(1)"/></svg>', /<animate>/],
      ['<svg viewBox="0 0 1 1"><image width="1" height="1"><set attributeName="href" to="https://t.example/x.png"/></image></svg>', /<image>/],
      ['<svg viewBox="0 0 1 1"><p/><plaintext/></svg>', /HTML inside/],
      ['<svg viewBox="0 0 1 1"><meta http-equiv="refresh" content="0;url=https://evil.example/"/></svg>', /HTML inside/],
      ['<svg viewBox="0 0 1 1"><img src="https://t.example/p.gif"/></svg>', /HTML inside/],
      ['<svg viewBox="0 0 1 1"><embed src="https://evil.example/"/></svg>', /HTML inside/],
      ['<svg viewBox="0 0 1 1"><use xlink:href = "other.svg#a"/></svg>', /another file \(href\)/],
      ['<svg viewBox="0 0 1 1"><rect fill="url(other.svg#g)"/></svg>', /another file/],
      ['<svg viewBox="0 0 1 1"><rect style="mask-image:u\\72 l(https://t.example/x)"/></svg>', /another file/],
      ['<svg viewBox="0 0 1 1"><rect style=\'mask-image:image-set("https://t.example/x" 1x)\'/></svg>', /another file/],
      ['<!DOCTYPE svg [ <!ENTITY e "x"> ]><svg viewBox="0 0 1 1"><text>&e;</text></svg>', /entities/],
      ['<html><p>no drawing</p></html>', /no <svg> root/],
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
    expect(svgAspectRatio('<svg viewbox="0 0 40 16" width="10" height="10"/>')).toBe(2.5);
    expect(svgAspectRatio('<?xml version="1.0"?><svg width="500px" height="200"><g/></svg>')).toBe(2.5);
    expect(svgAspectRatio('<svg width="500" height="100" viewBox="0 0 5"/>')).toBe(5);
    expect(svgAspectRatio('<svg width="100%" height="100%"/>')).toBeUndefined();
    expect(svgAspectRatio('<p>no drawing</p>')).toBeUndefined();
  });
});

describe('readSvgFile', () => {
  it('gives what inlineSvg and svgAspectRatio give, from one parse', () => {
    const files = [
      '<svg viewBox="0 0 40 16"><defs><linearGradient id="g"/></defs><rect fill="url(#g)" width="40" height="16"/></svg>',
      '<svg width="500" height="200"><circle r="4"/></svg>',
      '<svg viewBox="0 0 10 10"><script>alert(1)</script></svg>',
      '<p>no drawing</p>',
    ];
    for (const text of files) {
      const read = readSvgFile(text, { idPrefix: 'logo-l-' });
      expect(read.inlined, text).toEqual(inlineSvg(text, { idPrefix: 'logo-l-' }));
      expect(read.aspectRatio, text).toBe(svgAspectRatio(text));
    }
    // Too big to inline, its shape is still read.
    const big = readSvgFile('<svg viewBox="0 0 30 10"><path d="M0 0"/></svg>', { idPrefix: 'x-', maxBytes: 10 });
    expect(big.inlined).toEqual({ reason: 'it is over 10 bytes' });
    expect(big.aspectRatio).toBe(3);
  });
});
