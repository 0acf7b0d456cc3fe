import { createContext, useContext, type ReactNode } from 'react';

/**
 * What MDX components may read about the site (the fields of Docusaurus's
 * `useDocusaurusContext()` that real components use), and about the page being rendered.
 */
export interface MdxSite {
  siteConfig: {
    title: string;
    tagline: string;
    url: string;
    baseUrl: string;
    /** Between a page's title and the site's in `<title>` (`|` by default). */
    titleDelimiter?: string;
    /** `customFields` of the config, as given (empty when the config has none). */
    customFields: Record<string, unknown>;
  };
  /** `messages`: the locale's `code.json` translations by id (`<Translate>`, `translate()`), when it has them. */
  i18n: { currentLocale: string; defaultLocale: string; locales: string[]; messages?: Record<string, string> };
  /** The route of the page being rendered (`/guides/tabs`), without the base URL. */
  route: string;
  /** The docs instances and their versions (`@docusaurus/plugin-content-docs/client`). */
  docs: MdxDocsInstance[];
}

/** A version of the docs, as Docusaurus's docs hooks give it. */
export interface MdxDocsVersion {
  /** `current` for the docs folder, else the version's name (`1.2`). */
  name: string;
  label: string;
  /** Where the version's docs are, base URL included (`/docs/next`). */
  path: string;
  /** The last released version, which Docusaurus serves at the docs' root. */
  isLast: boolean;
}

/** A docs instance (`plugin-content-docs`, `default` unless it has an `id`). */
export interface MdxDocsInstance {
  pluginId: string;
  /** The instance's root, base URL included. */
  path: string;
  versions: MdxDocsVersion[];
}

const MdxSiteContext = createContext<MdxSite | null>(null);

/** Wraps a page's MDX content: every component below it reads the site through {@link useMdxSite}. */
export function MdxSiteProvider({ value, children }: { value: MdxSite; children: ReactNode }) {
  // `translate()` is a function, not a hook: it reads the messages of the page being rendered here.
  codeTranslations = value.i18n.messages ?? {};
  return <MdxSiteContext.Provider value={value}>{children}</MdxSiteContext.Provider>;
}

/** The messages of the locale being rendered (`code.json`), for `translate()` (translate.tsx). */
let codeTranslations: Record<string, string> = {};

/** `code.json`'s message of `id` for the page being rendered, if it has one. */
export function codeTranslation(id: string | undefined): string | undefined {
  return id === undefined ? undefined : codeTranslations[id];
}

/** The site of the page being rendered; throws outside {@link MdxSiteProvider} (a bug of the renderer, not of the content). */
export function useMdxSite(): MdxSite {
  const site = useContext(MdxSiteContext);
  if (!site) throw new Error('Expected an MdxSiteProvider around MDX content (sitegen renders every MDX page inside one)');
  return site;
}
