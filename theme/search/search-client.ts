/**
 * Picks the search backend from the site's search settings: the hosted service when it is
 * configured, otherwise the local index the build wrote to `search-index/`.
 */
import type { SiteData } from '../../src/model.ts';
import { createHostedClient } from './hosted-client.ts';
import { createLocalClient } from './local-client.ts';
import type { SearchClient } from './types.ts';
import { publicUrl } from '../../src/util/public-url.ts';
import { INDEX_DIR } from '../../src/search/index-format.ts';

/**
 * Creates the client for `config` on a site served under `baseUrl`. Nothing is fetched until its first `search()`. The current
 * language, for contextual search, is the page's `<html lang>`.
 */
export function createSearchClient(config: SiteData['search'], baseUrl = '/'): SearchClient {
  const language = (typeof document === 'undefined' ? '' : document.documentElement.lang) || undefined;
  if (config.provider === 'hosted' && config.hosted) {
    return createHostedClient({ hosted: config.hosted, contextualSearch: config.contextualSearch, language, baseUrl });
  }
  return createLocalClient({ contextualSearch: config.contextualSearch, language, baseUrl: publicUrl({ baseUrl, path: `/${INDEX_DIR}/` }) });
}
