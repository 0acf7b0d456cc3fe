/**
 * esbuild loaders for what a site's components and pages import, beside esbuild's own (JS, TS,
 * JSON, CSS): a Docusaurus site's components are often JSX in `.js` files (its Babel allows
 * it); images and fonts become data URLs, so the server's HTML and CSS and the browser's islands
 * refer to the same bytes without files of their own (a package's CSS may import fonts: Monaco's
 * codicons are a `.ttf`).
 */
export const ASSET_LOADERS = {
  '.js': 'jsx',
  '.png': 'dataurl', '.jpg': 'dataurl', '.jpeg': 'dataurl', '.gif': 'dataurl', '.webp': 'dataurl', '.svg': 'dataurl',
  '.woff': 'dataurl', '.woff2': 'dataurl', '.ttf': 'dataurl', '.otf': 'dataurl', '.eot': 'dataurl',
} as const;
