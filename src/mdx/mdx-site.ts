import type { SiteConfig } from '../config/schema.ts';
import type { MdxSite } from './render-mdx-page.ts';
import type { DocVersion } from '../content/doc-versions.ts';

/** What `useDocusaurusContext()` and friends read for a page of this site. */
export function mdxSite(config: SiteConfig, route: string, versions?: readonly DocVersion[]): MdxSite {
  return {
    siteConfig: { title: config.title, tagline: config.tagline, url: config.url, baseUrl: config.baseUrl, titleDelimiter: config.titleDelimiter, customFields: config.customFields },
    i18n: { currentLocale: config.locale, defaultLocale: config.locale, locales: [config.locale] },
    route,
    docs: [
      docsInstance({ id: 'default', docs: config.docs, baseUrl: config.baseUrl, versions: versions?.filter((v) => v.instance === 'default') }),
      ...config.docsInstances.map((docs) => docsInstance({ id: docs.id, docs, baseUrl: config.baseUrl, versions: versions?.filter((v) => v.instance === docs.id) })),
    ],
  };
}

/** A docs instance as the docs hooks see it (`usePluginData`' `pluginId`): its versions, newest first. */
function docsInstance(options: { id: string; docs: Pick<SiteConfig['docs'], 'routeBasePath' | 'versions'>; baseUrl: string; versions: readonly DocVersion[] | undefined }): MdxSite['docs'][number] {
  const { id, docs } = options;
  const base = options.baseUrl.replace(/\/$/, '');
  const path = `${base}${docs.routeBasePath === '/' ? '/' : docs.routeBasePath}`;
  const list = options.versions?.length ? options.versions : [{ name: 'current', label: docs.versions.current?.label ?? 'Next', route: docs.routeBasePath, isLast: true }];
  return { pluginId: id, path, versions: list.map((v) => ({ name: v.name, label: v.label, path: `${base}${v.route}`, isLast: v.isLast })) };
}
