/**
 * The Markdown phase as a service: jobs in, rendered HTML and the answers of the link and image
 * resolvers out. Two implementations share this shape: one renderer on the calling thread
 * (small sites, dev edits, tests) and a pool of worker threads (big sites), so
 * `renderAllMarkdown` does not care where a page is rendered.
 */
import path from 'node:path';
import type { MarkdownResult } from '../../model.ts';
import type { MarkdownRendererOptions, RenderMarkdownInput } from '../create-markdown-renderer.ts';
import { listDataSources, loadDataSource } from '../content-data.ts';
import { resolveAsset, resolveMarkdownLink, type AssetCopies } from './resolve-targets.ts';
import type { SiteFence } from '../../content/site-fence.ts';
import type { CompiledMdxPage, MdxCompiler } from '../../mdx/create-mdx-compiler.ts';

/** One file to render; everything in it can cross a thread boundary. */
export interface MarkdownJob {
  /** Path relative to the site root (`content/docs/rules.md`). */
  file: string;
  /** The Markdown body without front matter. */
  source: string;
  /** Lines taken by the front matter. */
  lineOffset: number;
  tocMinLevel?: number;
  tocMaxLevel?: number;
}

/** What a file's rendering asked the resolvers (Markdown and MDX alike). */
export interface ResolverAnswers {
  /** `.md` links as written → the route they resolved to (or `undefined`). */
  links: [string, string | undefined][];
  /** Images as written → their output URL (or `undefined` when missing). */
  assets: [string, string | undefined][];
  /** Images to copy: source path → output file. */
  copies: [string, string][];
  /** Data files read (`content/data/<name>.yml`) → the hash of what was read (`undefined`: no such file). */
  data?: [string, string | undefined][];
}

/** A rendered Markdown file and what its rendering asked the resolvers. */
export interface MarkdownJobResult extends ResolverAnswers {
  result: MarkdownResult;
}

/** An MDX page to compile: a Markdown job, and whether its island candidates are wanted. */
export interface MdxJob extends MarkdownJob {
  islands?: boolean;
}

/** An MDX page compiled (with its excerpt) and what compiling it asked the resolvers. */
export interface MdxJobResult extends ResolverAnswers {
  compiled: CompiledMdxPage;
}

/** Renders Markdown jobs, here or on other threads. */
export interface MarkdownService {
  /** Threads rendering (1 for the local service). */
  readonly threads: number;
  /** Sets the `file → route` map relative `.md` links resolve through. */
  setRoutes(routeByFile: Map<string, string>): void;
  render(job: MarkdownJob): Promise<MarkdownJobResult>;
  /**
   * Compiles an MDX page to its program, through the same plugins (content-preset.ts) on the
   * same threads; bundling and rendering it with React happen on the calling thread.
   */
  compileMdx(job: MdxJob): Promise<MdxJobResult>;
  /** Stops the worker threads, if any. */
  close(): Promise<void>;
}

/** What every service is created from. */
export interface MarkdownServiceOptions {
  /** Site root: images are resolved against it. */
  root: string;
  /** What Markdown may make the build read (images, data files): see site-fence.ts. */
  fence: SiteFence;
  renderer: MarkdownRendererOptions;
  /** Content folders from the site root (`content/docs`): bare `.md` links resolve from these first. */
  contentRoots?: string[];
}

/**
 * A service rendering on the calling thread (the worker threads run one of these too).
 *
 * @example
 * const service = await createLocalMarkdownService({ root, renderer: { tocMaxLevel: 3 } });
 * service.setRoutes(new Map([['content/docs/rules.md', '/rules']]));
 * const { result } = await service.render({ file: 'content/docs/faq.md', source, lineOffset: 4 });
 */
export async function createLocalMarkdownService(options: MarkdownServiceOptions): Promise<MarkdownService> {
  const { root, fence, contentRoots: roots } = options;
  // unified, its plugins, shiki and KaTeX take ~0.25 s to load: a build whose Markdown all
  // comes from the cache never loads them.
  const { createMarkdownRenderer } = await import('../create-markdown-renderer.ts');
  const render = await createMarkdownRenderer(options.renderer);
  let routeByFile: ReadonlyMap<string, string> = new Map();
  // With the highlighter on its own thread, a page waiting for its code lets the next one start;
  // a bound keeps a big site's parsed trees from piling up in memory meanwhile.
  const slots = createSlots(options.renderer.highlightOnThread ? PAGES_IN_FLIGHT : Infinity);
  let mdx: Promise<{ compile: MdxCompiler; compilePage: typeof import('../../mdx/create-mdx-compiler.ts').compileMdxPage }> | undefined;
  /** Runs `work` with resolvers that record every answer they give, in a slot. */
  const withAnswers = async <T>(job: MarkdownJob, work: (resolvers: Resolvers) => Promise<T>): Promise<{ output: T; answers: ResolverAnswers }> => {
    await slots.take();
    try {
      const dir = path.posix.dirname(job.file);
      const links = new Map<string, string | undefined>();
      const assets = new Map<string, string | undefined>();
      const copies: AssetCopies = new Map();
      const data = new Map<string, string | undefined>();
      const output = await work({
        resolveLink: (url) => record(links, url, resolveMarkdownLink({ routeByFile, dir, url, roots })),
        resolveAsset: (url) => record(assets, url, resolveAsset({ fence, dir, url, assets: copies })),
        resolveData: (name) => {
          const source = loadDataSource({ fence, name });
          data.set(name, source?.hash);
          return source;
        },
        listData: () => listDataSources(root),
      });
      return { output, answers: { links: [...links], assets: [...assets], copies: [...copies], data: [...data] } };
    } finally {
      slots.give();
    }
  };
  return {
    threads: 1,
    setRoutes(routes) {
      routeByFile = routes;
    },
    async render(job) {
      return withAnswers(job, (resolvers) => render({ ...job, ...resolvers })).then(({ output, answers }) => ({ result: output, ...answers }));
    },
    async compileMdx(job) {
      // Loaded and made on the first MDX page: a site without any never loads @mdx-js/mdx.
      mdx ??= import('../../mdx/create-mdx-compiler.ts').then((m) => ({ compile: m.createMdxCompiler({ highlighter: render.highlighter, ...options.renderer }), compilePage: m.compileMdxPage }));
      const { compile, compilePage } = await mdx;
      return withAnswers(job, (resolvers) => compilePage(compile, { ...job, ...resolvers })).then(({ output, answers }) => ({ compiled: output, ...answers }));
    },
    close: () => render.close(),
  };
}

type Resolvers = Required<Pick<RenderMarkdownInput, 'resolveLink' | 'resolveAsset' | 'resolveData' | 'listData'>>;

/** Pages rendering at once on this thread when code is highlighted on another. */
const PAGES_IN_FLIGHT = 32;

/** A counting semaphore: `take` waits while `size` holders have not given back. */
function createSlots(size: number): { take(): Promise<void>; give(): void } {
  let free = size;
  const waiting: (() => void)[] = [];
  return {
    async take() {
      if (free > 0) {
        free--;
        return;
      }
      await new Promise<void>((resolve) => waiting.push(resolve));
    },
    give() {
      const next = waiting.shift();
      if (next) next();
      else free++;
    },
  };
}

function record(lookups: Map<string, string | undefined>, url: string, answer: string | undefined): string | undefined {
  lookups.set(url, answer);
  return answer;
}
