import path from 'node:path';
import type { ClientAssets } from '../client/bundle-client.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { step } from '../diagnostics/logger.ts';
import type { IslandAssets } from '../mdx/bundle-islands.ts';
import { pagePartials } from './react-pages-phase.ts';
import { mdxSite, mdxSiteFacts } from '../mdx/mdx-site.ts';
import type { ReactPagesBundle } from '../render/bundle-react-pages.ts';
import type { FailedBundle } from './react-pages-phase.ts';
import type { RenderedMarkdown } from './markdown-phase.ts';
import type { RenderContext } from './render-context.ts';

/**
 * The scripts of islands, once the client bundle has its React file: those of MDX pages
 * (src/mdx/bundle-islands.ts) and of interactive React pages (src/render/bundle-page-islands.ts),
 * written beside the client's scripts. What it hands on: each page's script URL by the page's
 * island key (`{}` for a site without islands, which then loads nothing more), and the
 * diagnostics of the bundles.
 */
export async function islandsPhase(
  ctx: Pick<RenderContext, 'site' | 'config' | 'logger' | 'out' | 'highlighter'>,
  made: { md: RenderedMarkdown; client: ClientAssets; pages?: ReactPagesBundle | FailedBundle },
): Promise<{ scripts: Record<string, string>; mermaid?: string; diagnostics: Diagnostic[] }> {
  const mdx = made.md.mdxIslands;
  const interactive = made.pages && !('diagnostics' in made.pages) ? new Set(made.pages.interactive) : new Set<string>();
  const mermaid = ctx.config.markdown.mermaid ? await mermaidScript(ctx) : undefined;
  if (!mdx && !interactive.size) return { scripts: {}, ...mermaid, diagnostics: mermaid?.diagnostics ?? [] };
  const react = made.client.files.find((f) => /^assets\/js\/react\.[^/]+\.js$/.test(f.path));
  if (!react) throw new Error('Internal error: the client bundle has no React file (assets/js/react.<hash>.js)');
  const reactFile = path.posix.basename(react.path);
  const bundled = await step(ctx.logger, 'bundle islands', async () => {
    const parts: IslandAssets[] = [];
    if (mdx) parts.push(await mdx.bundle(reactFile));
    if (interactive.size) {
      const { bundlePageIslands } = await import('../render/bundle-page-islands.ts');
      parts.push(await bundlePageIslands({
        siteRoot: ctx.site.root, pages: ctx.site.pages.react.filter((p) => interactive.has(p.file)),
        site: (route) => mdxSite(ctx.config, route, mdxSiteFacts(ctx.site)), reactFile,
        // Their `.md` imports, compiled again for the browser (their images were copied with the server's).
        loadPartial: pagePartials(ctx, new Map()),
      }));
    }
    return parts;
  });
  const scripts: Record<string, string> = {};
  const diagnostics: Diagnostic[] = [...mermaid?.diagnostics ?? []];
  for (const part of bundled) {
    diagnostics.push(...part.diagnostics);
    for (const f of part.files) await ctx.out.write(f.path, f.contents);
    Object.assign(scripts, part.scripts);
  }
  return { scripts, ...(mermaid?.mermaid ? { mermaid: mermaid.mermaid } : {}), diagnostics };
}

/** The mermaid script (`markdown.mermaid`), bundled with the site's package and written beside the others. */
async function mermaidScript(ctx: Pick<RenderContext, 'site' | 'config' | 'logger' | 'out'>): Promise<{ mermaid?: string; diagnostics: Diagnostic[] }> {
  const { bundleMermaid } = await import('../client/bundle-mermaid.ts');
  const made = await step(ctx.logger, 'bundle mermaid', () => bundleMermaid({ siteRoot: ctx.site.root, themes: ctx.config.markdown.mermaidTheme, configFile: ctx.site.configFile }));
  for (const f of made.files) await ctx.out.write(f.path, f.contents);
  return { ...(made.script ? { mermaid: made.script } : {}), diagnostics: made.diagnostics };
}
