import type { SiteConfig } from '../config/schema.ts';
import type { MdxSite } from './render-mdx-page.ts';
import type { DocVersion } from '../content/doc-versions.ts';

/** What `useDocusaurusContext()` and friends read for a page of this site. */
export function mdxSite(config: SiteConfig, route: string, versions?: readonly DocVersion[]): MdxSite {
  return {
    siteConfig: { title: config.title, tagline: config.tagline, url: config.url, baseUrl: config.baseUrl, titleDelimiter: config.titleDelimiter, customFields: config.customFields },
    i18n: { currentLocale: config.locale, defaultLocale: config.locale, locales: [config.locale] },
    route,
    docs: [docsInstance(config, versions)],
  };
}

/** The site's docs as the docs hooks see them: one instance, its versions newest first. */
function docsInstance(config: SiteConfig, versions: readonly DocVersion[] | undefined): MdxSite['docs'][number] {
  const base = config.baseUrl.replace(/\/$/, '');
  const path = `${base}${config.docs.routeBasePath === '/' ? '/' : config.docs.routeBasePath}`;
  const list = versions ?? [{ name: 'current', label: config.docs.versions.current?.label ?? 'Next', route: config.docs.routeBasePath, isLast: true }];
  return { pluginId: 'default', path, versions: list.map((v) => ({ name: v.name, label: v.label, path: `${base}${v.route}`, isLast: v.isLast })) };
}
