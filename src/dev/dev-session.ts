import { DATA_DIR } from '../markdown/content-data.ts';
import { devPolicy } from '../site/build-policy.ts';
import { loadSite, type Site } from '../site/load-site.ts';
import { reloadSite } from '../site/reload-site.ts';
import { RenderMemo } from '../site/render-memo.ts';
import { createMarkdownStore } from '../site/markdown-store.ts';
import { renderSite, type RenderResult } from '../site/render-site.ts';
import { silentLogger, step, type Logger } from '../diagnostics/logger.ts';
import { MemoryWriter } from '../site/writer.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { SitegenError } from '../diagnostics/sitegen-error.ts';
import { createSearchPhase } from '../site/search-phase.ts';
import { routeToFile } from '../util/routes.ts';
import type { OutputStore } from './output-store.ts';
import type { ChangeBatch } from './watch-site.ts';

/** How a rebuild ended. */
export type RebuildOutcome =
  | {
      ok: true; result: RenderResult; site: Site;
      /**
       * Only Markdown changed and nothing every page shares: an open tab can swap in the new
       * page data (a client navigation to the same route) instead of reloading.
       */
      inPlace: boolean;
    }
  | { ok: false; diagnostics: Diagnostic[] };

/**
 * The state of one `sitegen dev` run: the loaded site, the render cache and the served output.
 * `rebuild` applies a batch of changes with the same `loadSite`/`renderSite` calls as a build,
 * reading only changed files and rendering only pages whose data changed.
 */
export interface DevSession {
  /** `logger` receives the phase timings (the initial build shows them; rebuilds are one line). */
  rebuild(batch?: Partial<ChangeBatch>, logger?: Logger): Promise<RebuildOutcome>;
  /**
   * Builds the search index from the served pages (it needs every page's HTML, so it runs after
   * the reload). Returns the files written, or `skipped` with the number of pages still waiting
   * to be rendered when there are too many to render just for the index.
   */
  indexSearch(): Promise<{ files: number } | { skipped: number }>;
  /** Stops the Markdown worker threads, if the site is big enough to have them. */
  close(): Promise<void>;
  readonly site: Site | undefined;
}

/** Creates a session; the first `rebuild()` (with no batch) loads and renders everything. */
export function createDevSession(options: {
  root: string; store: OutputStore;
  /** Past this many pages to render after one change, the rest wait until first requested (BuildPolicy.deferPagesBeyond). */
  eagerLimit?: number;
  /** Start from Markdown rendered by earlier builds and dev sessions (see createMarkdownStore); `'rewrite'` renders everything and stores it anew. @default false */
  markdownCache?: boolean | 'rewrite';
}): DevSession {
  const { root, store } = options;
  const policy = devPolicy({ deferPagesBeyond: options.eagerLimit });
  let site: Site | undefined;
  const memo = new RenderMemo();
  let last: RenderResult | undefined;
  /** Set when a full load failed: until one succeeds, every rebuild is a full one. */
  let needsFullLoad = true;

  return {
    get site() {
      return site;
    },

    async rebuild(batch = {}, logger = silentLogger) {
      // Decided before the render: a full load (first build, config, recovery) always reloads.
      const markdownOnly = !needsFullLoad && !!site && !batch.config && !batch.theme && !batch.folders
        && !!batch.files?.length && batch.files.every((file) => /\.mdx?$/.test(file) || file.startsWith(`${DATA_DIR}/`));
      try {
        if (needsFullLoad || batch.config || !site) {
          // A config edit can change any page's head: render every page again (renderSite
          // also rebuilds the Markdown processor if its settings changed).
          if (batch.config) memo.forget('shell');
          needsFullLoad = true;
          site = await step(logger, 'load content', () => loadSite({ root, policy }));
          needsFullLoad = false;
        } else {
          if (batch.theme) {
            // The Markdown processor does not depend on the theme: keep it (and its cache).
            memo.forget('theme', 'client');
          }
          if (batch.folders) site = await loadSite({ root, policy });
          else if (batch.files?.length) site = await reloadSite({ site, changed: batch.files, policy });
        }
        const staged = new MemoryWriter();
        const markdownStore = options.markdownCache ? createMarkdownStore({ root, config: site.config, read: options.markdownCache === true }) : undefined;
        const result = await renderSite({ site, policy, writer: staged, logger, memo, store: markdownStore });
        store.commit({ staged, outputs: result.outputs });
        last = result;
        return { ok: true, result, site, inPlace: markdownOnly && !result.shellChanged };
      } catch (error) {
        if (!(error instanceof SitegenError)) throw error;
        return { ok: false, diagnostics: error.diagnostics.length ? error.diagnostics : [{ file: 'sitegen', severity: 'error', ruleId: 'dev/build', message: error.message }] };
      }
    },

    async indexSearch() {
      if (!site || !last) return { files: 0 };
      const pending = store.pending;
      if (pending > policy.deferPagesBeyond) return { skipped: pending };
      const search = createSearchPhase(site.config);
      for (const { page } of last.planned) search.add(page, store.text(routeToFile(page.route)));
      const staged = new MemoryWriter();
      await search.write((file, contents) => staged.write(file, contents));
      store.commit({ staged, outputs: new Set(staged.files.keys()), group: 'search' });
      return { files: staged.files.size };
    },

    async close() {
      await memo.close();
    },
  };
}
