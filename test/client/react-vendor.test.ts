import { describe, expect, it } from 'vitest';
import { importedReactNames } from '../../src/client/react-vendor.ts';

// Issue 16 › 3: the React file exports only the names the theme's scripts import, read from
// esbuild's output; anything it cannot read that way keeps every name.

const entry = 'const n=()=>new Promise(e=>{setTimeout(e,0)});import("react-dom/client").then(n).then(()=>import("./runtime.js"));';

describe('importedReactNames', () => {
  it('collects the names of every named import of a React specifier', () => {
    const names = importedReactNames([
      entry,
      'import{useState as a,useEffect as b}from"react";import{jsx as c,jsxs as d}from"react/jsx-runtime";',
      'import { hydrateRoot } from "react-dom/client";',
    ], entry);
    expect(names).toEqual(new Set(['useState', 'useEffect', 'jsx', 'jsxs', 'hydrateRoot']));
  });

  it('keeps every name for an import it cannot read names from', () => {
    for (const code of [
      'import R from"react";R.useId();',
      'import*as R from"react";',
      'import R,{useState as s}from"react";',
      'import"react-dom";',
      'export{useId}from"react";',
      'import{default as R}from"react";',
      // An import() outside the entry may read any name of what it loads.
      'import("react-dom").then(m=>m.createPortal);',
    ]) {
      expect(importedReactNames([entry, code], entry), code).toBeUndefined();
    }
  });

  it('accepts the entry\'s import() of React, which only runs the file', () => {
    expect(importedReactNames([entry], entry)).toEqual(new Set());
    // The same call elsewhere is not the entry's.
    expect(importedReactNames([entry, entry.replace('./runtime.js', './other.js')], entry)).toBeUndefined();
  });
});
