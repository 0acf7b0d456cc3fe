/**
 * The Docusaurus module names that MDX content may import, and the file of this folder that
 * provides each (Docusaurus 3's `@theme/…` and `@docusaurus/…` names, so that a real site's MDX
 * builds unchanged). The MDX bundler (src/mdx) resolves an import through this table; a module
 * name not in it is an error at the import's file:line, with the closest names of this table.
 */
export const mdxModules: Readonly<Record<string, string>> = {
  '@theme/Tabs': 'tabs.tsx',
  '@theme/TabItem': 'tab-item.tsx',
  '@theme/Admonition': 'admonition.tsx',
  '@theme/Details': 'details.tsx',
  '@theme/CodeBlock': 'code-block.tsx',
  '@docusaurus/Link': 'link.tsx',
  '@docusaurus/useBaseUrl': 'use-base-url.ts',
  '@docusaurus/BrowserOnly': 'browser-only.tsx',
  '@docusaurus/useDocusaurusContext': 'use-docusaurus-context.ts',
  '@docusaurus/Translate': 'translate.tsx',
  '@docusaurus/ExecutionEnvironment': 'execution-environment.ts',
  '@docusaurus/useIsBrowser': 'use-is-browser.ts',
  '@docusaurus/router': 'router.ts',
  '@docusaurus/Head': 'head.tsx',
  '@theme/TOCInline': 'toc-inline.tsx',
  '@docusaurus/useBrokenLinks': 'use-broken-links.ts',
  '@theme/Icon/Copy': 'icon-copy.tsx',
  '@theme/Icon/Success': 'icon-success.tsx',
  '@theme/Icon/ExternalLink': 'icon-external-link.tsx',
  '@theme/ThemedImage': 'themed-image.tsx',
  '@theme/Heading': 'heading.tsx',
  '@theme/MDXComponents': 'mdx-components.tsx',
  '@docusaurus/theme-common': 'theme-common.tsx',
  '@docusaurus/plugin-content-docs/client': 'docs-client.ts',
  // What compiled MDX asks for its global components (`providerImportSource`), as in Docusaurus.
  '@mdx-js/react': 'mdx-provider.tsx',
  // For the React pages of `src/pages` (their `<Layout title description>`).
  '@theme/Layout': 'layout.tsx',
};
