import type { SiteConfig } from '../config/schema.ts';
import type { MdxSite } from './render-mdx-page.ts';
import type { DocVersion } from '../content/doc-versions.ts';

/** What MDX and React pages are told of the site besides its config (src/site/load-site.ts's `Site`). */
export interface MdxSiteFacts {
  docVersions?: readonly DocVersion[];
  /** The locale being built, the site's locales (default first), and `code.json`'s messages by id. */
  locale?: { name: string; names: string[]; messages?: Record<string, string> };
}

/** The facts of a loaded site (`Site`) that MDX and React pages read. */
export function mdxSiteFacts(site: { docVersions: readonly DocVersion[]; locale: { name: string }; locales: readonly { name: string }[]; codeTranslations?: Record<string, string> }): MdxSiteFacts {
  return {
    docVersions: site.docVersions,
    locale: { name: site.locale.name, names: site.locales.map((l) => l.name), ...(site.codeTranslations ? { messages: site.codeTranslations } : {}) },
  };
}

/** What `useDocusaurusContext()` and friends read for a page of this site. */
export function mdxSite(config: SiteConfig, route: string, facts: MdxSiteFacts = {}): MdxSite {
  const versions = facts.docVersions;
  const locale = facts.locale ?? { name: config.locale, names: [config.locale] };
  return {
    siteConfig: { title: config.title, tagline: config.tagline, url: config.url, baseUrl: config.baseUrl, titleDelimiter: config.titleDelimiter, customFields: config.customFields },
    i18n: { currentLocale: locale.name, defaultLocale: locale.names[0], locales: locale.names, ...(locale.messages ? { messages: locale.messages } : {}) },
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
