import { describe, expect, it } from 'vitest';
import { siteConfigSchema } from '../../src/config/schema.ts';
import { pageTitle, readingTime } from '../../src/routes/planned-page.ts';

describe('readingTime', () => {
  it('counts 220 words a minute, rounded, at least one minute', () => {
    expect(readingTime(0)).toBe(1);
    expect(readingTime(329)).toBe(1);
    expect(readingTime(330)).toBe(2);
    expect(readingTime(2200)).toBe(10);
  });
});

describe('pageTitle', () => {
  it('joins the page and site titles with the configured delimiter', () => {
    expect(pageTitle(siteConfigSchema.parse({ title: 'Serpent Arena', url: 'https://a.example' }), 'Quickstart')).toBe('Quickstart | Serpent Arena');
    expect(pageTitle(siteConfigSchema.parse({ title: 'Arena', url: 'https://a.example', titleDelimiter: '·' }), 'Rules')).toBe('Rules · Arena');
  });
});
