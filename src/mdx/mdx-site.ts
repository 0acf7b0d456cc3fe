import type { SiteConfig } from '../config/schema.ts';
import type { MdxSite } from './render-mdx-page.ts';

/** What `useDocusaurusContext()` and friends read for a page of this site. */
export function mdxSite(config: SiteConfig, route: string): MdxSite {
  return {
    siteConfig: { title: config.title, tagline: config.tagline, url: config.url, baseUrl: config.baseUrl, titleDelimiter: config.titleDelimiter, customFields: config.customFields },
    i18n: { currentLocale: config.locale, defaultLocale: config.locale, locales: [config.locale] },
    route,
  };
}
