import { fenceProblem, type SiteFence } from './site-fence.ts';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { staticFileOf } from './static-files.ts';
import type { SiteConfig } from '../config/schema.ts';
import { readSvgFile, type InlineSvg } from '../util/inline-svg.ts';
import { safeDecode } from '../util/safe-decode.ts';

/** One of the navbar logo's SVG files as the navbar needs it. */
export interface LogoFile {
  /** The file made fit to inline (see inlineSvg)… */
  svg?: InlineSvg;
  /** …or why it stays an image. */
  reason?: string;
  /** Its width over its height (svgAspectRatio): the logo is LOGO_HEIGHT (page-model.ts) high and as wide as that makes it. */
  aspectRatio?: number;
}

/** The navbar logo's SVG files (light, dark), read. */
export interface LogoSvgs {
  light?: LogoFile;
  dark?: LogoFile;
}

/**
 * The files under `public/` the navbar logo names, relative to the root with `/`
 * (`public/img/logo.svg`): SVG files only, not URLs of other sites.
 */
export function logoFiles(config: Pick<SiteConfig, 'navbar'> & Partial<Pick<SiteConfig, 'staticDirectories'>>, root?: string): { light?: string; dark?: string } {
  const { logo } = config.navbar;
  const dirs = config.staticDirectories ?? ['public'];
  const file = (src: string | undefined) => {
    if (!src || /^[a-z][a-z\d+.-]*:|^\/\//i.test(src)) return undefined;
    // As the file watcher names it (`./img//logo.svg` is `public/img/logo.svg`), so that dev sees it change.
    const sitePath = path.posix.normalize(safeDecode(src.replace(/[?#].*$/, '')).replace(/^\/+/, ''));
    if (!sitePath.toLowerCase().endsWith('.svg') || sitePath.split('/').includes('..')) return undefined;
    // The static folder that has it (the first, when none does: the link check reports it).
    return (root === undefined ? undefined : staticFileOf(root, dirs, sitePath)) ?? path.posix.join(dirs[0]!, sitePath);
  };
  return { light: file(logo?.src), dark: file(logo?.srcDark) };
}

/** Reads the logo's SVG files inside the `fence` (a missing one is left to the link check, as an image; other formats are left as they are). */
export async function loadLogoSvgs(options: { root: string; config: Pick<SiteConfig, 'navbar'> & Partial<Pick<SiteConfig, 'staticDirectories'>>; fence: SiteFence }): Promise<LogoSvgs> {
  const files = logoFiles(options.config, options.root);
  const read = async (file: string | undefined, idPrefix: string) => {
    // A link out of the site is never inlined (public/ refuses links when it copies too).
    if (!file || fenceProblem(options.fence, path.join(options.root, file)) !== undefined) return undefined;
    const text = await readFile(path.join(options.root, file), 'utf8').catch(() => undefined);
    if (text === undefined) return undefined;
    const { inlined, aspectRatio } = readSvgFile(text, { idPrefix });
    return { ...('reason' in inlined ? { reason: inlined.reason } : { svg: inlined }), ...(aspectRatio ? { aspectRatio } : {}) };
  };
  const [light, dark] = await Promise.all([read(files.light, 'logo-l-'), read(files.dark, 'logo-d-')]);
  return { ...(light ? { light } : {}), ...(dark ? { dark } : {}) };
}
