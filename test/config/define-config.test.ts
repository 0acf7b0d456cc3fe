import { describe, expect, it } from 'vitest';
import { defineConfig } from '../../src/config/define-config.ts';
import { resolveConfig } from '../../src/config/load-config.ts';

// `defineConfig` only gives site.config.ts its type: loading the config validates it and fills
// in the defaults, so the helper must hand back exactly what it was given.
describe('defineConfig', () => {
  it('returns the very object it is given, without defaults or validation', () => {
    const input = { title: 'T', tagline: 't', url: 'https://t.example', navbar: { title: 'T', items: [] }, footer: { links: [], copyright: 'c' } };
    const config = defineConfig(input);
    expect(config).toBe(input);
    expect(config).not.toHaveProperty('baseUrl');
    expect(resolveConfig(config).baseUrl).toBe('/');
  });
});
