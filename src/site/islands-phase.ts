import path from 'node:path';
import type { ClientAssets } from '../client/bundle-client.ts';
import { step } from '../diagnostics/logger.ts';
import type { RenderedMarkdown } from './markdown-phase.ts';
import type { RenderContext } from './render-context.ts';

/**
 * The scripts of MDX pages' islands (src/mdx/bundle-islands.ts), once the client bundle has its
 * React file: written beside the client's scripts. What it hands on: each page's script URL by
 * the page's island key (`{}` for a site without islands, which then loads nothing more).
 */
export async function islandsPhase(ctx: Pick<RenderContext, 'logger' | 'out' | 'diagnostics'>, made: { md: RenderedMarkdown; client: ClientAssets }): Promise<Record<string, string>> {
  const islands = made.md.mdxIslands;
  if (!islands) return {};
  const react = made.client.files.find((f) => /^assets\/js\/react\.[^/]+\.js$/.test(f.path));
  if (!react) throw new Error('Internal error: the client bundle has no React file (assets/js/react.<hash>.js)');
  const bundled = await step(ctx.logger, 'bundle islands', () => islands.bundle(path.posix.basename(react.path)));
  ctx.diagnostics.push(...bundled.diagnostics);
  for (const f of bundled.files) await ctx.out.write(f.path, f.contents);
  return bundled.scripts;
}
