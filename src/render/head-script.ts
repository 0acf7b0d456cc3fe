import { createHash } from 'node:crypto';
import type { SiteConfig } from '../config/schema.ts';

/**
 * The only render-blocking script: applies the stored (or system, or default) colour mode and
 * a dismissed announcement bar to <html> before first paint, so neither flashes.
 * Storage errors fall through to the defaults. It marks <html> with the `js` class: controls that
 * need script (menu button, search modal, colour toggle…) are hidden without it.
 *
 * A stylesheet linked above it that did not load (KaTeX's CDN unreachable or blocked) and names a
 * `data-fallback` gets that copy linked after it: the parser runs this script only once the
 * stylesheets before it have loaded or failed. A failed sheet is an empty one, or (Chromium) one
 * whose rules cannot be read although it was fetched with CORS (`crossorigin`), which a loaded
 * one allows.
 *
 * Until the runtime hydrates, it also takes the search shortcuts (Ctrl/Cmd+K, `/` outside a
 * field): the browser's own action is prevented and the runtime opens search once it is up.
 *
 * It also starts the hydration entry (`entry`, a module) once the page has been painted, with a
 * `<link rel="modulepreload">` for each script the page needs at start (listed in the
 * script element's `data-preload`, so this code is the same on every page and CSP hash): when
 * the browser reports the first contentful paint, or at the `load` event where paint timing is
 * not supported (animation frames and `load` are not enough: both can come before the frame is
 * on screen). A tab opened in the background hydrates when first shown. Every page reads and
 * navigates without JavaScript, so the HTML and CSS get the connection to themselves until the content is on
 * screen. A `<script type="module">` in the markup would be fetched during parsing and, on a
 * fast connection, run before the first paint: Lighthouse (mobile) measured /quickstart's first
 * contentful paint at 1.6 s that way and 0.9 s with this loader (performance 99 → 100).
 */
export function createHeadScript(config: SiteConfig, options: { entry: string }): { code: string; hash: string } {
  const { defaultMode, respectPrefersColorScheme } = config.colorMode;
  const barId = config.announcementBar?.id ?? null;
  const code = `(function(){var d=document.documentElement,s=null,a=null;d.classList.add('js');try{s=localStorage.getItem('theme');a=localStorage.getItem('announcement-dismissed')}catch(e){}var m=s==='dark'||s==='light'?s:${respectPrefersColorScheme ? `(window.matchMedia&&matchMedia('(prefers-color-scheme: dark)').matches?'dark':${JSON.stringify(defaultMode)})` : JSON.stringify(defaultMode)};d.setAttribute('data-theme',m);d.style.colorScheme=m;if(a!==null&&a===${JSON.stringify(barId)})d.setAttribute('data-announcement-dismissed','true');document.querySelectorAll('link[data-fallback]').forEach(function(l){var o=0;try{o=l.sheet&&l.sheet.cssRules.length>0}catch(e){o=!l.crossOrigin}if(o)return;var f=document.createElement('link');f.rel='stylesheet';f.href=l.getAttribute('data-fallback');l.after(f)});var k=function(e){var t=e.target,w=t&&(t.isContentEditable||/^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName));if((e.key==='k'||e.key==='K')&&(e.ctrlKey||e.metaKey)&&!e.altKey||e.key==='/'&&!w&&!e.ctrlKey&&!e.metaKey&&!e.altKey){e.preventDefault();window.__sitegenSearch=1}};addEventListener('keydown',k);window.__sitegenKeys=k;var c=document.currentScript,q=c&&c.getAttribute('data-preload')||'',l=0,g=function(){if(l)return;l=1;var f=document.createDocumentFragment();q.split(' ').forEach(function(u){if(!u)return;var p=document.createElement('link');if(/\\.json$/.test(u)){p.rel='preload';p.as='fetch';p.crossOrigin='anonymous'}else p.rel='modulepreload';p.href=u;f.appendChild(p)});var e=document.createElement('script');e.type='module';e.src=${JSON.stringify(options.entry)};f.appendChild(e);document.head.appendChild(f)};var P=window.PerformanceObserver;if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('paint')>=0)new P(function(p){if(p.getEntriesByName('first-contentful-paint').length)g()}).observe({type:'paint',buffered:true});else addEventListener('load',function(){setTimeout(g)})})()`;
  const hash = `sha256-${createHash('sha256').update(code).digest('base64')}`;
  return { code, hash };
}
