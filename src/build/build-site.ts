import path from 'node:path';
import { writeLinkSources } from '../links/link-sources.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { reportWarnings } from '../diagnostics/fail-on-errors.ts';
import { buildPolicy } from '../site/build-policy.ts';
import { loadSite } from '../site/load-site.ts';
import { createMarkdownStore } from '../site/markdown-store.ts';
import { renderSite } from '../site/render-site.ts';
import { createLogger, formatMs, step, type Logger } from '../diagnostics/logger.ts';
import { abandonOutputFolder, claimOutputFolder, swapInOutputFolder, type OutputFolder } from '../site/output-folder.ts';
import { lockOutputFolder, recoverOutputFolder } from '../site/output-guard.ts';
import { FsWriter, type Writer } from '../site/writer.ts';
import { openPageFacts } from '../render/page-facts.ts';

/** Options of one build. */
export interface BuildOptions {
  /** Site root: holds site.config.ts, content/, theme/, public/. */
  root: string;
  /** Output folder, relative to root. @default 'build' */
  outDir?: string;
  logger?: Logger;
  /** Write somewhere other than the file system (tests, check-links). Skips the atomic swap. */
  writer?: Writer;
  /**
   * Reuse Markdown rendered by earlier builds of this site, kept in
   * `node_modules/.cache/sitegen/markdown/`, and the output folder it replaces (the CLI's
   * default). `'rewrite'` (`--no-cache`) reuses nothing and writes every file's entry anew, so
   * that a cache in any state is whole again afterwards.
   * @default false
   */
  cache?: boolean | 'rewrite';
}

/** What a finished build reports. */
export interface BuildResult {
  pages: number;
  bytes: number;
  diagnostics: Diagnostic[];
  /** Routes and their source files. */
  routes: { route: string; source: string }[];
  /** Markdown files rendered by this build; the others came from the cache (`cache: true`). */
  markdownRendered: string[];
  durationMs: number;
}

/**
 * Builds the whole site: `loadSite` then `renderSite` (the same two calls dev makes). Output
 * goes to a temporary folder that replaces `build/` only when everything succeeded, so a failed
 * build leaves the previous one intact. All diagnostics are collected and reported together;
 * errors fail the build once, at the end of the phase that found them.
 */
export async function buildSite(options: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const root = path.resolve(options.root);
  const logger = options.logger ?? createLogger();
  const outDir = path.resolve(root, options.outDir ?? 'build');
  const policy = buildPolicy();
  // With the cache, the folder this build replaces is kept to be written over by the next one.
  const keep = options.cache === true;
  let folder: OutputFolder | undefined;
  let fsWriter: FsWriter | undefined;
  // One build at a time writes beside `outDir`; the first thing it does is finish what a killed
  // build left (output-guard.ts).
  const release = options.writer ? undefined : await lockOutputFolder(outDir);

  try {
    if (!options.writer) {
      const recovered = await recoverOutputFolder(outDir);
      if (recovered.restored) logger.warn(`Restored ${path.relative(process.cwd(), outDir) || '.'} from ${recovered.restored}, left by a build that was stopped during its swap`);
      folder = await claimOutputFolder({ outDir, reuse: keep });
      fsWriter = new FsWriter(folder.dir, { existing: folder.existing, current: keep ? outDir : undefined });
    }
    const site = await step(logger, 'load content', () => loadSite({ root, policy }));
    const store = options.cache ? createMarkdownStore({ root, config: site.config, read: options.cache === true }) : undefined;
    const writer = options.writer ?? fsWriter!;
    // A site with several locales (`i18n`): the default one first, then each other into `<locale>/`.
    // An earlier build's pages are reused only on a site with one (the others' files are not the default's).
    const single = site.locales.length === 1;
    // What this build's pages hold besides themselves goes with the folder they are kept in.
    const facts = fsWriter && keep && single ? openPageFacts(outDir) : undefined;
    let result = await renderSite({ site, policy, writer, reusable: single ? fsWriter : undefined, logger, store, facts });
    for (const locale of site.locales.slice(1)) {
      const translated = await step(logger, `load content (${locale.name})`, () => loadSite({ root, policy, locale: locale.name }));
      const own = await renderSite({ site: translated, policy, writer: prefixedWriter(writer, locale.name), logger, store: options.cache ? createMarkdownStore({ root, config: translated.config, read: options.cache === true }) : undefined });
      result = { ...own, planned: [...result.planned, ...own.planned], diagnostics: [...result.diagnostics, ...own.diagnostics], bytes: result.bytes + own.bytes, markdownFiles: [...result.markdownFiles, ...own.markdownFiles], linked: [...result.linked, ...own.linked.map((p) => ({ ...p, route: `/${locale.name}${p.route === '/' ? '' : p.route}` }))] };
    }
    if (fsWriter && folder) {
      await fsWriter.flush();
      await swapInOutputFolder({ folder, stale: fsWriter.staleFiles(), outDir, keep });
      await writeLinkSources({ outDir, pages: result.linked }).catch((error: unknown) => {
        logger.warn(`Cannot record link positions for \`sitegen check-links\`: ${(error as Error).message}`);
      });
    }
    reportWarnings(result.diagnostics, logger);
    const durationMs = performance.now() - started;
    const count = result.planned.length;
    logger.info(`Built ${count} pages (${(result.bytes / 1024 / 1024).toFixed(1)} MB) in ${formatMs(durationMs)} → ${path.relative(process.cwd(), outDir) || '.'}`);
    return {
      pages: count, bytes: result.bytes, diagnostics: result.diagnostics, durationMs, markdownRendered: result.markdownFiles,
      routes: result.planned.map((p) => ({ route: p.page.route, source: p.source })),
    };
  } catch (error) {
    if (fsWriter && folder) {
      // Writes still running would otherwise recreate files in the folder being removed. A
      // folder where a write failed is not kept: a later build could take it for complete.
      const flushed = await fsWriter.flush().then(() => true, () => false);
      await abandonOutputFolder({ folder, outDir, keep: keep && flushed });
    }
    throw error;
  } finally {
    await release?.();
  }
}

/** A writer that puts every file under `<prefix>/` (a locale's pages, `fr/docs/intro.html`). */
function prefixedWriter(writer: Writer, prefix: string): Writer {
  const under = (file: string) => `${prefix}/${file.replace(/^\/+/, '')}`;
  return {
    write: (file, contents) => writer.write(under(file), contents),
    copy: (from, file) => writer.copy(from, under(file)),
    defer: (file, render) => writer.defer(under(file), render),
  };
}
