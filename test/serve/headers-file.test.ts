import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../src/build/build-site.ts';
import { silentLogger } from '../../src/diagnostics/logger.ts';
import { MemoryWriter } from '../../src/site/writer.ts';
import realSite from '../../site.config.ts';
import { repoRoot } from '../helpers/run-cli.ts';

// `_headers` is what Netlify/Cloudflare Pages read: its CSP must let through exactly what the
// built pages use — the inline colour-mode script by hash, the KaTeX CDN — and nothing more.
let out: MemoryWriter;
let headers: Map<string, Map<string, string>>;
let html: string[];

beforeAll(async () => {
  out = new MemoryWriter();
  await buildSite({ root: `${repoRoot}/test/fixtures/headers-site`, writer: out, logger: silentLogger });
  headers = parseHeaders(out.text('_headers')!);
  html = [...out.files.keys()].filter((f) => f.endsWith('.html')).map((f) => out.text(f)!);
});

/** `_headers` format: a path line, then indented `Name: value` lines. */
function parseHeaders(text: string): Map<string, Map<string, string>> {
  const blocks = new Map<string, Map<string, string>>();
  let current: Map<string, string> | undefined;
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) blocks.set(line.trim(), (current = new Map()));
    else {
      const at = line.indexOf(':');
      current!.set(line.slice(0, at).trim(), line.slice(at + 1).trim());
    }
  }
  return blocks;
}

function csp(): Map<string, string[]> {
  const value = headers.get('/*')!.get('Content-Security-Policy')!;
  return new Map(value.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...sources]) => [name, sources]));
}

/** Inline classic scripts: no `src`, not the JSON page data. */
function inlineScripts(page: string): string[] {
  return [...page.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/json")[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
}

describe('_headers', () => {
  it('has one block for every path and one for each kind of content-hashed file', () => {
    const hashed = ['/assets/*', '/search-index/shards/*', '/search-index/fragments/*', '/_chunks/*'];
    expect([...headers.keys()]).toEqual(['/*', ...hashed]);
    expect(Object.fromEntries(headers.get('/*')!)).toMatchObject({ 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'strict-origin-when-cross-origin' });
    for (const p of hashed) expect(Object.fromEntries(headers.get(p)!)).toEqual({ 'Cache-Control': 'public, max-age=31536000, immutable' });
  });

  it('allows the inline head script actually in the pages by its sha256, and no other inline script', () => {
    const scripts = new Set(html.flatMap(inlineScripts));
    expect(scripts.size).toBe(1);
    const [script] = scripts;
    expect(script).toMatch(/localStorage\.getItem\(["']theme["']\)/);
    const hash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
    expect(csp().get('script-src')).toEqual(["'self'", hash, "'wasm-unsafe-eval'"]);
    expect(csp().get('script-src')).not.toContain("'unsafe-inline'");
  });

  it('allows no external origin: KaTeX\'s stylesheet and fonts are the site\'s own (issue 41)', () => {
    // The config names KaTeX's CDN stylesheet; the pages with math link the site's hashed copy.
    expect(new URL(realSite.stylesheets![0].href).origin).toBe('https://cdn.jsdelivr.net');
    expect(html.some((page) => /<link rel="stylesheet" href="\/assets\/css\/katex\.[0-9a-f]{10}\.css">/.test(page))).toBe(true);
    expect(html.some((page) => page.includes('cdn.jsdelivr.net'))).toBe(false);
    const external = [...csp()].flatMap(([name, sources]) => sources.filter((s) => /^https?:/.test(s)).map((s) => `${name} ${s}`));
    expect(external).toEqual([]);
    expect(csp().get('default-src')).toEqual(["'self'"]);
    expect(csp().get('connect-src')).toEqual(["'self'"]);
    expect(csp().get('object-src')).toEqual(["'none'"]);
  });
});
