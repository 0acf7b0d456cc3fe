/**
 * Renders one compiled MDX page of the site bundle to HTML with React (`renderToString`), inside
 * `MdxSiteProvider`, and turns what can go wrong into diagnostics at the Markdown file's line:
 * a component the page never imported (MDX's "Expected component `X` to be defined"), or a
 * component that throws (at its own file and line, read from the bundle's source map).
 */
import { createElement, type ComponentType, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { CodeHighlighter } from '../markdown/create-code-highlighter.ts';
import { themeSourceOf, withThemeSources } from '../render/theme-source-map.ts';
import type { MdxElementPlace } from './remark-mdx-compat.ts';
import { ISLAND_PROP } from './remark-islands.ts';
import { restoreStaticHtml } from './rehype-static-html.ts';
import { islandMarker, type PageIslandsValue } from './island-marker.ts';

/**
 * The value of `MdxSiteProvider` (`MdxSite` in theme/mdx/context.tsx, the shape its components
 * read; restated here because src/ never imports theme/).
 */
export interface MdxSite {
  siteConfig: { title: string; tagline: string; url: string; baseUrl: string; titleDelimiter?: string; customFields: Record<string, unknown> };
  /** `messages`: the locale's `code.json` (`<Translate id>`, `translate({ id })`), when it has one. */
  i18n: { currentLocale: string; defaultLocale: string; locales: string[]; messages?: Record<string, string> };
  /** The page's route, without the base URL. */
  route: string;
  /** The docs instances and their versions, newest first (paths with the base URL). */
  docs: Array<{ pluginId: string; path: string; versions: Array<{ name: string; label: string; path: string; isLast: boolean }> }>;
}

/** What the site bundle exports (bundle-mdx.ts). */
export interface MdxModule {
  MdxSiteProvider: ComponentType<{ value: MdxSite; children: ReactNode }>;
  /** Gives `@theme/CodeBlock` the build's highlighter (theme/mdx/code-highlighter.tsx). */
  MdxCodeHighlighterProvider: ComponentType<{ value: CodeHighlighter; children: ReactNode }>;
  /** Gives MDX content the site's global components (theme/mdx/global-mdx-provider.tsx). */
  GlobalMdxProvider: ComponentType<{ children: ReactNode }>;
  /** The site's `@theme/MDXComponents` (its own `src/theme/MDXComponents`, or the theme's). */
  MDXComponents: Record<string, unknown>;
  /** The theme's own, to tell the site's additions (global-components.ts). */
  ThemeMDXComponents: Record<string, unknown>;
  pages: Record<string, { default: ComponentType<MdxContentProps> }>;
  excerpts: Record<string, { default: ComponentType<MdxContentProps> }>;
}

/** What MDX's content component takes here: which of its island candidates are islands (island-marker.ts). */
interface MdxContentProps { [ISLAND_PROP]?: ReturnType<typeof islandMarker> }

/** A page to render: its content component and where its elements stand in the file. */
export interface MdxRenderJob {
  Content: ComponentType<MdxContentProps>;
  /** The page's islands that need the browser (a page without any: absent). */
  islands?: PageIslandsValue;
  site: MdxSite;
  /** Path relative to the site root, for diagnostics. */
  file: string;
  lineOffset: number;
  elements: MdxElementPlace[];
  /** The page's static blocks, put back in place of their placeholders (rehype-static-html.ts). */
  statics: { nonce: string; html: string[] };
}

/** Renders MDX pages of one bundle; `bundle` is its file (its source map is `<bundle>.map`). */
export function createMdxPageRenderer(options: { module: MdxModule; bundle: string; siteRoot: string; highlighter: CodeHighlighter }): (job: MdxRenderJob) => { html?: string; diagnostics: Diagnostic[] } {
  const { MdxSiteProvider, MdxCodeHighlighterProvider, GlobalMdxProvider } = options.module;
  const render = withThemeSources(
    (job: MdxRenderJob) => renderToString(createElement(MdxSiteProvider, {
      value: job.site,
      children: createElement(MdxCodeHighlighterProvider, {
        value: options.highlighter,
        children: createElement(GlobalMdxProvider, {
          children: createElement(job.Content, job.islands ? { [ISLAND_PROP]: islandMarker(job.islands) } : {}),
        }),
      }),
    })),
    { bundle: options.bundle, siteRoot: options.siteRoot },
  );
  return (job) => {
    try {
      return { html: restoreStaticHtml(render(job), job.statics), diagnostics: [] };
    } catch (error) {
      return { diagnostics: [renderDiagnostic(job, error)] };
    }
  };
}

const undefinedComponentRE = /Expected component `([^`]+)` to be defined/;
/** `    at Name (file:line:col)`: a frame's function name. */
const frameNameRE = /^\s*at (?:new )?([\w$.]+) \(/;

/** The diagnostic for a page that threw while rendering. */
function renderDiagnostic(job: MdxRenderJob, error: unknown): Diagnostic {
  const message = error instanceof Error ? error.message : String(error);
  const unknown = undefinedComponentRE.exec(message);
  if (unknown) {
    const at = placeOf(job, unknown[1]);
    return {
      file: job.file, ...at, severity: 'error', ruleId: 'mdx/unknown-component',
      message: `Cannot render \`<${unknown[1]}>\`: no component of that name is imported`,
      hint: `Import it at the top of the file (\`import ${unknown[1].split('.')[0]} from '@theme/${unknown[1].split('.')[0]}';\` for a Docusaurus component, \`@site/src/components/…\` for the site's own).`,
    };
  }
  // The component that threw is the first frame that names one of the page's elements.
  const stack = error instanceof Error ? error.stack ?? '' : '';
  const name = stack.split('\n').map((line) => frameNameRE.exec(line)?.[1]).find((n) => n !== undefined && job.elements.some((e) => e.name === n));
  const used = name === undefined ? undefined : placeOf(job, name);
  // A frame in a page's own compiled code has no MDX position (its map gives the program's): the page is named instead.
  const mapped = themeSourceOf(error);
  const own = mapped && !mapped.file.startsWith('sitegen-mdx-') ? mapped : undefined;
  const where = used ? `${job.file}:${used.line}:${used.column}` : job.file;
  return {
    ...(own ?? { file: job.file, ...used }), severity: 'error', ruleId: 'mdx/render', cause: error,
    message: `Cannot render \`${job.site.route}\` from \`${where}\`: ${name ? `\`<${name}>\` threw: ` : ''}${message}`,
    hint: 'A component the page uses threw while rendering on the server; `sitegen build --verbose` prints its stack (the first such error\'s).',
  };
}

/** The first use of element `name` in the page, at its file position. */
function placeOf(job: MdxRenderJob, name: string): { line: number; column: number } | undefined {
  const found = job.elements.find((e) => e.name === name);
  return found && { line: found.line + job.lineOffset, column: found.column };
}
