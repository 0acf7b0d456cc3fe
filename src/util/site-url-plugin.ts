import type { Plugin } from 'esbuild';

/**
 * esbuild plugin: an absolute `url(/img/…)` in a component's CSS is a file the site serves (its
 * `public/`), left as it is for the browser to fetch. For every bundler of a site's own code
 * (MDX pages, islands, React pages); it goes before their resolvers.
 */
export function siteUrlPlugin(): Plugin {
  return {
    name: 'sitegen-site-urls',
    setup(build) {
      build.onResolve({ filter: /^\// }, (args) => (args.kind === 'url-token' ? { path: args.path, external: true } : undefined));
    },
  };
}
