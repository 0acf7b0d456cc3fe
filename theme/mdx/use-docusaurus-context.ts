import { useMdxSite, type MdxSite } from './context.tsx';

/** What `useDocusaurusContext()` returns here: the fields real components read. */
export interface DocusaurusContext {
  siteConfig: MdxSite['siteConfig'];
  i18n: MdxSite['i18n'];
}

/**
 * `@docusaurus/useDocusaurusContext`: the site's config (`title`, `tagline`, `url`, `baseUrl`,
 * `customFields`) and its locales, from the page's {@link useMdxSite}. Other fields of
 * Docusaurus's context (`siteMetadata`, `globalData`) are not provided: reading them gives
 * `undefined`, as for a plugin the site does not have.
 */
export default function useDocusaurusContext(): DocusaurusContext {
  const { siteConfig, i18n } = useMdxSite();
  return { siteConfig, i18n };
}
