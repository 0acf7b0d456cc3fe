import type { PageData } from '../../src/model.ts';

function setMeta(selector: string, attr: 'content' | 'href', value: string | undefined): void {
  const el = document.head.querySelector(selector);
  if (el && value !== undefined) el.setAttribute(attr, value);
}

/** Updates title, description, canonical and social tags after a client navigation. */
export function updateHead(page: PageData): void {
  document.title = page.head.title;
  const canonical = document.head.querySelector('link[rel="canonical"]');
  const origin = canonical ? new URL(canonical.getAttribute('href')!).origin : window.location.origin;
  const url = origin + (page.route === '/' ? '/' : page.route);
  setMeta('meta[name="description"]', 'content', page.head.description);
  setMeta('meta[property="og:title"]', 'content', page.head.title);
  setMeta('meta[property="og:description"]', 'content', page.head.description);
  setMeta('meta[property="og:url"]', 'content', url);
  setMeta('meta[name="twitter:title"]', 'content', page.head.title);
  setMeta('meta[name="twitter:description"]', 'content', page.head.description);
  setMeta('link[rel="canonical"]', 'href', url);
}
