import type { SiteConfig } from './schema.ts';

/**
 * The docs folders (`docs`, then each of `docsInstances`) and the blog folder: bare `.md`
 * links resolve from them when the linking file's own folder has no such file (as in Docusaurus).
 */
export function contentRoots(config: Pick<SiteConfig, 'docs' | 'docsInstances' | 'blog'>): string[] {
  return [config.docs.path, ...config.docsInstances.map((d) => d.path), config.blog.path];
}
