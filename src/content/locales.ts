/**
 * The locales a site is built in (`i18n`, Docusaurus's): the default locale at the base URL,
 * each other at `<baseUrl><locale>/`, from the same content with the translated files of
 * `i18n/<locale>/` in place of the originals, as Docusaurus lays them out:
 *
 * - docs: `docusaurus-plugin-content-docs[-<id>]/current/` (the docs folder) and
 *   `…/version-<name>/` (a released version);
 * - blog: `docusaurus-plugin-content-blog/`; pages: `docusaurus-plugin-content-pages/`;
 * - the navbar's and footer's labels: `docusaurus-theme-classic/navbar.json` and `footer.json`.
 *
 * A file without a translation is built from the original. Pure, except `readTranslations`.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { SiteConfig } from '../config/schema.ts';
import { CURRENT_VERSION, DEFAULT_INSTANCE } from './doc-versions.ts';

/** One locale of the site. */
export interface SiteLocale {
  name: string;
  isDefault: boolean;
  /** `<html lang>` and `hreflang`. */
  htmlLang: string;
  direction: 'ltr' | 'rtl';
  /** Its name in the locale menu, in its own language (`Français`). */
  label: string;
  /** Where its pages are: the site's base URL, `<baseUrl><locale>/` for other locales. */
  baseUrl: string;
  /** Its translations' folder, from the site root (`i18n/fr`). */
  dir: string;
}

/** The site's locales, the default one first; a site without `i18n` has one, `locale`. */
export function siteLocales(config: Pick<SiteConfig, 'i18n' | 'locale' | 'direction' | 'baseUrl'>): SiteLocale[] {
  const { i18n } = config;
  if (!i18n) return [{ name: config.locale, isDefault: true, htmlLang: config.locale, direction: config.direction, label: ownName(config.locale), baseUrl: config.baseUrl, dir: `i18n/${config.locale}` }];
  const names = [i18n.defaultLocale, ...i18n.locales.filter((l) => l !== i18n.defaultLocale)];
  return names.map((name) => {
    const own = i18n.localeConfigs[name] ?? {};
    const isDefault = name === i18n.defaultLocale;
    return {
      name, isDefault,
      htmlLang: own.htmlLang ?? (isDefault ? config.locale : name),
      direction: own.direction ?? (isDefault ? config.direction : textDirection(name)),
      label: own.label ?? ownName(name),
      baseUrl: isDefault ? config.baseUrl : `${config.baseUrl}${name}/`,
      dir: path.posix.join(i18n.path, own.path ?? name),
    };
  });
}

/** A locale's name in its own language, capitalized (`français` → `Français`), as Docusaurus labels it. */
function ownName(locale: string): string {
  try {
    const name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;
    return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
  } catch {
    return locale;
  }
}

/** The direction a locale's script is written in (`ar`, `he`, `fa`: right to left). */
function textDirection(locale: string): 'ltr' | 'rtl' {
  try {
    return (new Intl.Locale(locale) as Intl.Locale & { textInfo?: { direction?: string } }).textInfo?.direction === 'rtl' ? 'rtl' : 'ltr';
  } catch {
    return 'ltr';
  }
}

/** Where a locale's translations of one kind of content are (`i18n/fr/docusaurus-plugin-content-docs/current`). */
export function localizedDir(locale: SiteLocale, content: { docs: { instance: string; version: string } } | 'blog' | 'pages'): string {
  if (content === 'blog') return `${locale.dir}/docusaurus-plugin-content-blog`;
  if (content === 'pages') return `${locale.dir}/docusaurus-plugin-content-pages`;
  const { instance, version } = content.docs;
  const plugin = instance === DEFAULT_INSTANCE ? 'docusaurus-plugin-content-docs' : `docusaurus-plugin-content-docs-${instance}`;
  return `${locale.dir}/${plugin}/${version === CURRENT_VERSION ? 'current' : `version-${version}`}`;
}

/** Docusaurus's translation files: `{ "<key>": { "message": "…" } }`. */
type Messages = Record<string, string>;

/**
 * A locale's translation files: the navbar's and footer's labels (`docusaurus-theme-classic/*.json`)
 * and `code.json`, the messages of `<Translate>` and `translate()` by id (any locale, the default
 * one too, may have one).
 */
export function readTranslations(root: string, locale: SiteLocale): { navbar: Messages; footer: Messages; code: Messages } {
  const read = (name: string): Messages => readMessages(path.join(root, locale.dir, name));
  return { navbar: read('docusaurus-theme-classic/navbar.json'), footer: read('docusaurus-theme-classic/footer.json'), code: read('code.json') };
}

/**
 * The config a locale is built with: its base URL, language and direction, and its translated
 * navbar and footer labels (`item.label.<label>`, `link.title.<title>`, `copyright`…).
 */
export function localizeConfig(config: SiteConfig, locale: SiteLocale, translations: { navbar: Messages; footer: Messages }): SiteConfig {
  const { navbar: nav, footer: foot } = translations;
  const label = <T extends { label: string }>(item: T, messages: Messages, prefix: string): T => (messages[`${prefix}${item.label}`] ? { ...item, label: messages[`${prefix}${item.label}`] } : item);
  return {
    ...config,
    baseUrl: locale.baseUrl, locale: locale.htmlLang, direction: locale.direction,
    navbar: {
      ...config.navbar,
      ...(config.navbar.title && nav.title ? { title: nav.title } : {}),
      ...(config.navbar.logo && nav['logo.alt'] ? { logo: { ...config.navbar.logo, alt: nav['logo.alt'] } } : {}),
      items: config.navbar.items.map((item) => {
        if ('type' in item && item.type === 'html') return item;
        if ('type' in item && item.type === 'dropdown') return { ...label(item, nav, 'item.label.'), items: item.items.map((child) => label(child, nav, 'item.label.')) };
        return label(item as { label: string }, nav, 'item.label.') as typeof item;
      }),
    },
    footer: {
      ...config.footer,
      links: config.footer.links.map((column) => ({
        title: foot[`link.title.${column.title}`] ?? column.title,
        items: column.items.map((item) => ('html' in item ? item : label(item, foot, 'link.item.label.'))),
      })),
      copyright: foot.copyright ?? config.footer.copyright,
    },
  };
}

/**
 * A docs version's translated labels (`…/current.json` or `…/version-<name>.json`, beside its
 * folder of translations): its sidebars' (`sidebarTranslations`, when there are any) and its own.
 */
export function sidebarLabels(root: string, localizedFolder: string, label: string): { sidebarTranslations?: Messages; label: string } {
  const messages = readMessages(path.join(root, `${localizedFolder}.json`));
  // `version.label`: the version's name in this locale (its badge and the version menu).
  return { label: messages['version.label'] ?? label, ...(Object.keys(messages).length ? { sidebarTranslations: messages } : {}) };
}

/** Docusaurus's translation file, `{ "<key>": { "message": "…" } }`, as messages by key ({} when absent or unreadable). */
function readMessages(file: string): Messages {
  if (!existsSync(file)) return {};
  try {
    const json = JSON.parse(readFileSync(file, 'utf8')) as Record<string, { message?: unknown }>;
    return Object.fromEntries(Object.entries(json).flatMap(([key, v]) => (typeof v?.message === 'string' ? [[key, v.message]] : [])));
  } catch {
    return {};
  }
}
