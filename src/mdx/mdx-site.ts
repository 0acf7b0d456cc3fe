import type { SiteConfig } from '../config/schema.ts';
import type { MdxSite } from './render-mdx-page.ts';

/** What `useDocusaurusContext()` and friends read for a page of this site. */
export function mdxSite(config: SiteConfig, route: string): MdxSite {
  return {
    siteConfig: { title: config.title, tagline: config.tagline, url: config.url, baseUrl: config.baseUrl, titleDelimiter: config.titleDelimiter, customFields: config.customFields },
    i18n: { currentLocale: config.locale, defaultLocale: config.locale, locales: [config.locale] },
    route,
    docs: [docsInstance(config)],
  };
}

/** The site's docs as the docs hooks see them: one instance, its one version at the docs' root. */
function docsInstance(config: SiteConfig): MdxSite['docs'][number] {
  const path = `${config.baseUrl.replace(/\/$/, '')}${config.docs.routeBasePath === '/' ? '/' : config.docs.routeBasePath}`;
  const versions = Object.entries(config.docs.versions).map(([name, { label }], i) => ({ name, label, path, isLast: i === 0 }));
  return { pluginId: 'default', path, versions };
}
