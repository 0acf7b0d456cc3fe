import { createHash } from 'node:crypto';
import type { SiteConfig } from '../config/schema.ts';

/**
 * The only render-blocking script: applies the stored (or system, or default) colour mode and
 * a dismissed announcement bar to <html> before first paint, so neither flashes.
 * Storage errors fall through to the defaults.
 */
export function createHeadScript(config: SiteConfig): { code: string; hash: string } {
  const { defaultMode, respectPrefersColorScheme } = config.colorMode;
  const barId = config.announcementBar?.id ?? null;
  const code = `(function(){var d=document.documentElement,s=null,a=null;try{s=localStorage.getItem('theme');a=localStorage.getItem('announcement-dismissed')}catch(e){}var m=s==='dark'||s==='light'?s:${respectPrefersColorScheme ? `(window.matchMedia&&matchMedia('(prefers-color-scheme: dark)').matches?'dark':${JSON.stringify(defaultMode)})` : JSON.stringify(defaultMode)};d.setAttribute('data-theme',m);d.style.colorScheme=m;if(a!==null&&a===${JSON.stringify(barId)})d.setAttribute('data-announcement-dismissed','true')})()`;
  const hash = `sha256-${createHash('sha256').update(code).digest('base64')}`;
  return { code, hash };
}
