import { describe, expect, it } from 'vitest';
import { PAGE_TYPES } from '../src/page-model.ts';
import { pageModuleOf } from '../theme/pages/page-modules.ts';

// The page model shared by the build and the theme.
describe('page model', () => {
  it('lists every page type once, each one the theme has a page module for', () => {
    expect(new Set(PAGE_TYPES).size).toBe(PAGE_TYPES.length);
    expect([...PAGE_TYPES].sort()).toEqual(Object.keys(pageModuleOf).sort());
  });
});
