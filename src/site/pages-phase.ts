import { step, withProgress } from '../diagnostics/logger.ts';
import { dataFile, pageFile, renderPages, type KeptPage, type PageCacheEntry, type PageOutput, type PageShell } from '../render/render-pages.ts';
import type { SourceLinks } from '../render/render-pages.ts';
import type { RenderedReactPage } from '../routes/plan-react-pages.ts';
import type { RenderedMarkdown } from './markdown-phase.ts';
import type { SitePlan } from './plan-phase.ts';
import type { RenderContext } from './render-context.ts';
import type { SearchPhase } from './search-phase.ts';
import type { EarlierOutput } from './site-output.ts';

/** What the pages phase makes. */
export type RenderedPages = Awaited<ReturnType<typeof renderPages>>;

/**
 * Every planned page through the theme. A session renders only pages whose data or shell
 * changed, and defers pages past `policy.deferPagesBeyond`; a `search` phase (inline search)
 * is handed every page, so then every page is rendered or read.
 */
export async function renderAllPages(ctx: Pick<RenderContext, 'config' | 'policy' | 'out' | 'writer' | 'logger' | 'facts'>, made: {
  md: RenderedMarkdown; plan: SitePlan; shell: PageShell;
  /** Whether the shell differs from the last render's (see shellDiffers): every page is then rendered again. */
  shellChanged: boolean;
  search: SearchPhase | undefined;
  /** The React pages: where their modules write the links they render. */
  reactPages?: RenderedReactPage[];
  /** The last render's pages (a session): a page whose data and shell are the same is not rendered again. */
  previous?: Map<string, PageCacheEntry>;
}): Promise<RenderedPages> {
  const { config, policy, out, writer } = ctx;
  const { md, plan, search } = made;
  const phase = `render ${plan.pages.length} pages`;
  return step(ctx.logger, phase, () => withProgress(ctx.logger, phase, plan.pages.length, 'pages', async (tick) => {
    for (const { page } of plan.pages) {
      out.outputs.add(pageFile(page));
      const data = dataFile(page, made.shell.siteData);
      if (data) out.outputs.add(data);
    }
    return renderPages({
      config, planned: plan.pages, shell: made.shell,
      renderAll: made.shellChanged || search !== undefined,
      previous: made.previous ?? new Map(),
      markdown: markdownBySource(md, made.reactPages ?? []),
      edited: new Set(md.rendered),
      eagerLimit: policy.deferPagesBeyond,
      release: policy.freeMemory,
      output: {
        write: (file, contents) => out.write(file, contents, 'page'),
        defer: (file, render) => writer.defer(file, render),
        keep: out.earlier ? keepEarlierPages(out.earlier) : async () => undefined,
      },
      facts: ctx.facts,
      onRender: search && ((p) => search.add(p.page, p.html)),
      onKnown: search && ((p) => search.addKnown(p.page, p.digest, p.read)),
      onPageDone: tick,
    });
  }));
}

/**
 * Each source file's rendered Markdown, indexed on first use: renderPages reads it only for the
 * pages it renders, which after a dev edit are few (indexing 10,000 files took ~15 ms an edit).
 */
function markdownBySource(md: RenderedMarkdown, reactPages: RenderedReactPage[]): { get(source: string): SourceLinks | undefined } {
  let byFile: Map<string, SourceLinks> | undefined;
  return {
    get(source) {
      if (!byFile) {
        byFile = new Map();
        for (const s of md.docs) byFile.set(s.file, s.md);
        for (const s of md.pages) byFile.set(s.file, s.md);
        for (const s of md.posts) byFile.set(s.file, s.md);
        for (const p of reactPages) {
          byFile.set(p.file, {
            links: p.links, anchors: p.anchors ?? [],
            ...(p.plainHrefs ? { plainHrefs: new Set(p.plainHrefs) } : {}), ...(p.uncheckedHrefs ? { uncheckedHrefs: new Set(p.uncheckedHrefs) } : {}),
          });
        }
      }
      return byFile.get(source);
    },
  };
}

/**
 * How a build keeps a page that an earlier build made from the same inputs (`PageOutput.keep`):
 * from the folder it writes over, where the file stays; else from the folder it replaces
 * (`build/`, one build newer: after a change that made every page anew, the build after it
 * finds them there), whose file is copied. The key is near the top (renderDocument): a page
 * made from other inputs costs a read of 1 KB, not of the whole file. The folder that held the
 * last page found is asked first.
 */
function keepEarlierPages(earlier: EarlierOutput): PageOutput['keep'] {
  const fromSpare = async (file: string, marker: string): Promise<KeptPage | undefined> => {
    if (!(await earlier.read(file, 1024))?.includes(marker)) return undefined;
    earlier.keep([file], 'page');
    return { read: () => earlier.readKept(file) };
  };
  const fromCurrent = async (file: string, marker: string): Promise<KeptPage | undefined> => {
    const { current } = earlier;
    if (!(await current.read(file, 1024))?.includes(marker)) return undefined;
    await current.copy([file], 'page');
    // The folder replaced is only read during the build: its copy reads the same.
    return { read: () => current.read(file) };
  };
  let order = [fromSpare, fromCurrent];
  return async (file, marker) => {
    const html = await order[0](file, marker);
    if (html !== undefined) return html;
    const other = await order[1](file, marker);
    if (other !== undefined) order = [order[1], order[0]];
    return other;
  };
}
