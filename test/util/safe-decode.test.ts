import { describe, expect, it } from 'vitest';
import { safeDecode } from '../../src/util/safe-decode.ts';

describe('safeDecode', () => {
  it('decodes escapes as decodeURI does, keeping reserved characters escaped', () => {
    expect(safeDecode('/caf%C3%A9/a%20b')).toBe('/café/a b');
    expect(safeDecode('/a%2Fb')).toBe('/a%2Fb');
  });

  it('leaves a malformed escape as written instead of throwing', () => {
    expect(safeDecode('/100%zz')).toBe('/100%zz');
    expect(safeDecode('/%E0%A4%A')).toBe('/%E0%A4%A');
  });
});
