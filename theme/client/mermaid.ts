/**
 * Mermaid diagrams (`markdown.mermaid`, src/markdown/plugins/rehype-mermaid.ts) in the browser:
 * only pages with a diagram load this script, bundled with the site's own `mermaid` package
 * (src/client/bundle-mermaid.ts). Each `.mermaid-diagram` holds its source as text; it is drawn
 * as an SVG in the page's colour mode, drawn again when the mode changes, and diagrams that
 * arrive later (client navigation) are drawn too. A diagram mermaid cannot read keeps its source
 * on the page, and the console says why.
 */
import mermaid from 'mermaid';

declare const SITEGEN_MERMAID_THEMES: { light: string; dark: string };

const FIGURE = '.mermaid-diagram[data-mermaid]';
let drawing: Promise<void> = Promise.resolve();
let count = 0;

/** The page's colour mode, as the theme paints it (`data-theme` on `<html>`, else the system's). */
function mode(): 'light' | 'dark' {
  const theme = document.documentElement.getAttribute('data-theme');
  if (theme === 'dark' || theme === 'light') return theme;
  return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** Draws one diagram in the current mode's theme, unless it is drawn in it already. */
async function draw(figure: HTMLElement): Promise<void> {
  const theme = SITEGEN_MERMAID_THEMES[mode()];
  if (figure.dataset.drawn === theme) return;
  const source = figure.dataset.source ?? figure.querySelector('pre')?.textContent ?? '';
  figure.dataset.source = source;
  // Mermaid's own dark theme puts edge labels (`yes`, `no`) on a grey below 4.5:1 contrast with
  // their text (axe color-contrast): a darker label background there.
  const themeVariables = theme === 'dark' ? { edgeLabelBackground: '#2e2e2e' } : {};
  mermaid.initialize({ startOnLoad: false, theme: theme as 'default', themeVariables, securityLevel: 'strict' });
  try {
    const { svg } = await mermaid.render(`mermaid-svg-${++count}`, source);
    figure.innerHTML = svg;
    figure.dataset.drawn = theme;
  } catch (error) {
    figure.dataset.drawn = 'error';
    console.error('A mermaid diagram could not be drawn; its source stays on the page.', error);
  }
}

/** Draws every diagram of the page, one after the other (mermaid's settings are global). */
function drawAll(): void {
  const figures = [...document.querySelectorAll<HTMLElement>(FIGURE)];
  drawing = drawing.then(async () => {
    for (const figure of figures) if (figure.isConnected) await draw(figure);
  });
}

drawAll();
new MutationObserver(drawAll).observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', drawAll);
new MutationObserver((mutations) => {
  if (mutations.some((m) => [...m.addedNodes].some((n) => n instanceof Element && (n.matches(FIGURE) || n.querySelector(FIGURE))))) drawAll();
}).observe(document.body, { childList: true, subtree: true });
