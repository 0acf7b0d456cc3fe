import type { SiteConfigInput } from './schema.ts';

/** Identity helper that gives `site.config.ts` its type. */
export function defineConfig(config: SiteConfigInput): SiteConfigInput {
  return config;
}
