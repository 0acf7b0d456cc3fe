import { existsSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { SiteConfig } from '../config/schema.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { MarkdownRenderer } from '../markdown/create-markdown-renderer.ts';
import type { DocSource, PostSource } from '../model.ts';
import type { Rendered } from '../routes/plan-pages.ts';
import { SitegenError } from '../diagnostics/sitegen-error.ts';

/** Content images to copy into the output: source path → output file. */
export type AssetCopies = Map<string, string>;

const severityFor = (setting: SiteConfig['onBrokenMarkdownLinks']) => (setting === 'throw' ? 'error' : 'warning');

/**
 * Renders every doc and post. Relative `.md` links resolve to routes through a file→route map;
 * images resolve to `public/` (absolute paths) or are copied from beside the Markdown file.
 */
export async function renderAllMarkdown(options: {
  root: string; config: SiteConfig; docs: DocSource[]; posts: PostSource[]; render: MarkdownRenderer;
}): Promise<{ docs: Rendered<DocSource>[]; posts: Rendered<PostSource>[]; assets: AssetCopies; diagnostics: Diagnostic[] }> {
  const { root, config, docs, posts, render } = options;
  const routeByFile = new Map<string, string>([...docs, ...posts].map((s) => [s.file, s.route]));
  const assets: AssetCopies = new Map();
  const diagnostics: Diagnostic[] = [];

  const renderOne = async <T extends DocSource | PostSource>(source: T, toc?: { min?: number; max?: number }): Promise<Rendered<T>> => {
    const dir = path.posix.dirname(source.file);
    try {
      const md = await render({
        source: source.body,
        file: source.file,
        lineOffset: source.lineOffset,
        tocMinLevel: toc?.min,
        tocMaxLevel: toc?.max,
        resolveLink: (url) => {
          const [target, hash] = url.split('#');
          const route = routeByFile.get(path.posix.normalize(path.posix.join(dir, decodeURI(target))));
          return route === undefined ? undefined : hash ? `${route}#${hash}` : route;
        },
        resolveAsset: (url) => resolveAsset({ root, dir, url, assets }),
      });
      for (const d of md.diagnostics) {
        diagnostics.push(d.ruleId === 'links/markdown-link' ? { ...d, severity: severityFor(config.onBrokenMarkdownLinks) } : d);
      }
      return { ...source, md };
    } catch (cause) {
      throw new SitegenError(`Failed to render \`${source.file}\`: ${(cause as Error).message}`, {
        cause,
        diagnostics: [{ file: source.file, severity: 'error', ruleId: 'markdown/render', message: `Cannot render Markdown: ${(cause as Error).message}` }],
      });
    }
  };

  const renderedDocs: Rendered<DocSource>[] = [];
  for (const doc of docs) renderedDocs.push(await renderOne(doc, { min: doc.tocMinLevel, max: doc.tocMaxLevel }));
  const renderedPosts: Rendered<PostSource>[] = [];
  for (const post of posts) renderedPosts.push(await renderOne(post));
  const filtered = config.onBrokenMarkdownLinks === 'ignore' ? diagnostics.filter((d) => d.ruleId !== 'links/markdown-link') : diagnostics;
  return { docs: renderedDocs, posts: renderedPosts, assets, diagnostics: filtered };
}

function resolveAsset(options: { root: string; dir: string; url: string; assets: AssetCopies }): string | undefined {
  const { root, dir, url, assets } = options;
  const clean = decodeURI(url.split(/[?#]/)[0]);
  if (clean.startsWith('/')) return existsSync(path.join(root, 'public', clean)) ? url : undefined;
  const source = path.join(root, dir, clean);
  if (!existsSync(source)) return undefined;
  const hash = createHash('sha256').update(readFileSync(source)).digest('hex').slice(0, 8);
  const out = `assets/images/${path.basename(clean, path.extname(clean))}-${hash}${path.extname(clean)}`;
  assets.set(source, out);
  return `/${out}`;
}
