import { describe, expect, it } from 'vitest';
import { reactAttributeName, styleObject, svgComponentModule } from '../../src/util/svg-component.ts';

describe('svgComponentModule', () => {
  it('names attributes as React does, keeping data- and aria- names', () => {
    expect(['class', 'stroke-width', 'xmlns:xlink', 'viewBox', 'data-icon', 'aria-hidden'].map(reactAttributeName))
      .toEqual(['className', 'strokeWidth', 'xmlnsXlink', 'viewBox', 'data-icon', 'aria-hidden']);
  });

  it('reads a style attribute as an object, custom properties as written', () => {
    expect(styleObject('fill-opacity: .5; --tone:#fff;; broken')).toEqual({ fillOpacity: '.5', '--tone': '#fff' });
  });

  it('keeps the root\'s attributes and its inner markup, after a declaration and a comment', () => {
    const code = svgComponentModule('<?xml version="1.0"?><!-- x --><svg width=\'10\' viewBox="0 0 1 1" hidden><g><path d="M0 0"/></g></svg>')!;
    expect(code).toContain('const attributes = {"width":"10","viewBox":"0 0 1 1","hidden":""};');
    expect(code).toContain('const inner = { __html: "<g><path d=\\"M0 0\\"/></g>" };');
    expect(code).toContain('export { SvgComponent as ReactComponent };');
  });

  it('has nothing to make of a file without an <svg> element', () => {
    expect(svgComponentModule('<html></html>')).toBeUndefined();
  });
});
