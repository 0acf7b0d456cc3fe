import { createHash } from 'node:crypto';
import type { SiteConfig } from '../config/schema.ts';
import { publicUrl } from '../util/public-url.ts';
import { escapeHtml } from '../util/escape-html.ts';

/** Elements that have no end tag. */
const VOID = new Set(['base', 'link', 'meta']);

/** A script's `src` as pages load it: a root-relative path takes the base URL, a URL stays as it is. */
function scriptSrc(config: Pick<SiteConfig, 'baseUrl'>, src: string): string {
  return src.startsWith('/') && !src.startsWith('//') ? publicUrl({ baseUrl: config.baseUrl, path: src }) : src;
}

function attributes(attrs: Record<string, string | boolean>): string {
  return Object.entries(attrs).flatMap(([name, value]) => (value === false ? [] : [value === true ? ` ${name}` : ` ${name}="${escapeHtml(value)}"`])).join('');
}

/**
 * The config's `headTags` and `scripts` as every page's `<head>` has them (Docusaurus's), after
 * the theme's own: written as configured (trusted, the site's config), scripts by their `src`.
 */
export function renderHeadTags(config: Pick<SiteConfig, 'headTags' | 'scripts' | 'baseUrl'>): string[] {
  const tags = config.headTags.map((tag) => {
    const open = `<${tag.tagName}${attributes(tag.attributes)}>`;
    return VOID.has(tag.tagName) && tag.innerHTML === undefined ? open : `${open}${tag.innerHTML ?? ''}</${tag.tagName}>`;
  });
  const scripts = config.scripts.map((script) => {
    const attrs = typeof script === 'string' ? { src: script } : script;
    return `<script${attributes({ ...attrs, src: scriptSrc(config, String(attrs.src)) })}></script>`;
  });
  return [...tags, ...scripts];
}

/**
 * What the Content-Security-Policy must allow for them: the origins of scripts on other hosts,
 * and the hash of each inline script of `headTags`.
 */
export function headTagsCsp(config: Pick<SiteConfig, 'headTags' | 'scripts'>): { scriptOrigins: string[]; scriptHashes: string[] } {
  const origins = config.scripts.flatMap((script) => {
    const src = String(typeof script === 'string' ? script : script.src);
    return /^https?:\/\//.test(src) || src.startsWith('//') ? [new URL(src, 'https://x.invalid').origin] : [];
  });
  const hashes = config.headTags.filter((t) => t.tagName === 'script' && t.innerHTML && !t.attributes.src)
    .map((t) => `'sha256-${createHash('sha256').update(t.innerHTML!).digest('base64')}'`);
  return { scriptOrigins: [...new Set(origins)], scriptHashes: hashes };
}
