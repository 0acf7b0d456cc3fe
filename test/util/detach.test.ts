import { describe, expect, it } from 'vitest';
import { detach } from '../../src/util/detach.ts';

describe('detach', () => {
  it('returns an equal string for short and long values, including non-Latin text', () => {
    const page = `<a href="/guides/useful-algorithms#flood-fill">x</a>${'é'.repeat(1000)}`;
    const href = /href="([^"]*)"/.exec(page)![1];
    expect(detach(href)).toBe('/guides/useful-algorithms#flood-fill');
    expect(detach('short')).toBe('short');
    expect(detach('')).toBe('');
    expect(detach(page.slice(60))).toBe('é'.repeat(1000).slice(8));
  });
});
