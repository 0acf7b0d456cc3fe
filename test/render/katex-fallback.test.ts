import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config/load-config.ts';
import { katexFallbackFiles, katexFallbackRoute } from '../../src/render/katex-fallback.ts';

// KaTeX's stylesheet from the installed package, for pages whose CDN copy cannot load.

const installed = (createRequire(import.meta.url)('katex/package.json') as { version: string }).version;
const cdn = 'https://cdn.jsdelivr.net/npm/katex@0.16.9/dist/katex.min.css';
const config = (href: string) => resolveConfig({
  title: 'T', tagline: 't', url: 'https://t.example', navbar: { title: 'T', items: [] }, footer: { links: [], copyright: 'c' },
  stylesheets: [{ href }],
});

describe('katexFallbackRoute', () => {
  it('is the installed version\'s copy for KaTeX\'s CSS on a CDN, whatever version the CDN link names', () => {
    expect(katexFallbackRoute(cdn)).toBe(`/assets/katex-${installed}/katex.min.css`);
    expect(katexFallbackRoute('https://unpkg.com/katex@0.16.0/dist/katex.css')).toBe(`/assets/katex-${installed}/katex.min.css`);
  });

  it('is nothing for any other stylesheet', () => {
    expect(katexFallbackRoute('https://cdn.example/site.css')).toBeUndefined();
    expect(katexFallbackRoute('https://cdn.example/katex@1/katex.min.css')).toBeUndefined();
  });
});

describe('katexFallbackFiles', () => {
  it('copies the stylesheet and its WOFF2 fonts only, when the config links KaTeX', async () => {
    const files = await katexFallbackFiles(config(cdn));
    const dir = `assets/katex-${installed}`;
    expect(files[0].path).toBe(`${dir}/katex.min.css`);
    expect(Buffer.from(files[0].contents).equals(readFileSync(createRequire(import.meta.url).resolve('katex/dist/katex.min.css')))).toBe(true);
    const fonts = files.slice(1).map((f) => f.path);
    expect(fonts.length).toBeGreaterThan(10);
    expect(fonts.every((f) => f.startsWith(`${dir}/fonts/KaTeX_`) && f.endsWith('.woff2'))).toBe(true);
    expect(fonts).toContain(`${dir}/fonts/KaTeX_Main-Regular.woff2`);
  });

  it('copies nothing when no stylesheet is KaTeX\'s', async () => {
    expect(await katexFallbackFiles(config('https://cdn.example/site.css'))).toEqual([]);
  });
});
