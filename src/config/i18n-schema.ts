import { z } from 'zod';

/**
 * `i18n` of site.config.ts, as Docusaurus's: the locales the site is built in. The default
 * locale is at the base URL, each other at `<baseUrl><locale>/`, built from the same content
 * with the translated files of `i18n/<locale>/` in place of the originals (src/content/locales.ts).
 */
export const i18nSchema = z.strictObject({
  defaultLocale: z.string().min(1),
  locales: z.array(z.string().regex(/^[A-Za-z0-9_-]+$/, 'expected a locale name such as `fr` or `pt-BR`')).min(1),
  /** The folder of the translations, from the site root. @default 'i18n' */
  path: z.string().default('i18n'),
  localeConfigs: z.record(z.string(), z.strictObject({
    /** The locale's name in the locale menu. @default its name in its own language, else the locale */
    label: z.string().optional(),
    /** `<html lang>` and `hreflang`. @default the locale */
    htmlLang: z.string().optional(),
    direction: z.enum(['ltr', 'rtl']).optional(),
    /** Its folder under `path`. @default the locale */
    path: z.string().optional(),
  })).default({}),
}).refine((i18n) => i18n.locales.includes(i18n.defaultLocale), { message: 'expected `locales` to include `defaultLocale`', path: ['locales'] });
