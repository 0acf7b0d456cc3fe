/**
 * The system fonts a page's first layout asks for, font stacks and their faces, for the head script
 * to look up while the stylesheet is still on its way (head-script.browser.ts, `matchFonts`).
 *
 * Finding a font family is a round trip to the browser process in Chromium (fontconfig on Linux),
 * one for each family of a stack that is not installed and one for each weight and style used:
 * /quickstart's first layout spent 15–18 ms of its 44–58 ms in nine of them (traced at 412 px).
 * That layout waits for the stylesheet anyway; looked up before it arrives, the families are
 * ready when it does, and the layout took 26–40 ms.
 *
 * The stacks are the theme's `--font-sans` (the text: regular, semibold and bold, the weights
 * theme/css uses, and italic: the first layout takes in more than the first screen, up to the
 * article's fold, and on /api/webhooks at 412 px an emphasis there cost it a lookup of 4–7 ms)
 * and `--font-mono` (code), as the site's last stylesheet to declare them leaves them: a site's
 * `customCss` may redefine them, or Infima's `--ifm-font-family-base` and
 * `--ifm-font-family-monospace`, which they follow.
 */

/** The custom properties of the theme's font stacks, and the faces looked up in each. */
const STACKS: readonly { property: string; faces: readonly string[] }[] = [
  { property: '--font-sans', faces: ['400', '600', '700', 'italic 400'] },
  { property: '--font-mono', faces: ['400'] },
];

/** A font stack and the faces (`font-style` and `font-weight`) of it to look up. */
export interface FontStack { stack: string; faces: readonly string[] }

/** The stacks to look up, from the stylesheets in the order pages link them. */
export function fontsToMatch(stylesheets: readonly string[]): FontStack[] {
  return STACKS.flatMap(({ property, faces }) => {
    const stack = resolve(stylesheets, lastDeclaration(stylesheets, property), 0);
    return stack ? [{ stack, faces }] : [];
  });
}

/** How many custom properties deep a stack is followed (`var(--a)` naming `var(--b)`…). */
const MOST_VARS = 4;

/**
 * A declared value as a plain font stack: a `var(--name, fallback)` (the theme's stacks follow
 * Infima's, theme/css/tokens.css) is the last declaration of `--name`, or else its fallback. None
 * for anything else with a function in it, or past MOST_VARS.
 */
function resolve(stylesheets: readonly string[], value: string | undefined, depth: number): string | undefined {
  if (!value || depth > MOST_VARS) return undefined;
  const read = /^var\(\s*(--[\w-]+)\s*(?:,([^]*))?\)$/.exec(value);
  if (read) {
    const [, name, fallback] = read;
    return resolve(stylesheets, lastDeclaration(stylesheets, name!), depth + 1) ?? resolve(stylesheets, fallback?.trim(), depth + 1);
  }
  return /\(/.test(value.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '')) ? undefined : value;
}

/** The value of the last declaration of a custom property in `stylesheets`. */
function lastDeclaration(stylesheets: readonly string[], property: string): string | undefined {
  let found: string | undefined;
  for (const css of stylesheets) {
    let at = css.indexOf(`${property}:`);
    while (at >= 0) {
      const before = css[at - 1];
      // Not the end of a longer name (`--my-font-sans:`), nor a `var(--font-sans)` reading it.
      if (before === undefined || /[\s;{]/.test(before)) {
        found = declarationValue(css, at + property.length + 1);
      }
      at = css.indexOf(`${property}:`, at + 1);
    }
  }
  return found;
}

/** The value starting at `from`, up to the `;` or `}` that ends it (not one in a string), trimmed, `!important` dropped; none when empty. */
function declarationValue(css: string, from: number): string | undefined {
  let quote = '';
  let end = from;
  for (; end < css.length; end++) {
    const c = css[end]!;
    if (quote) {
      if (c === '\\') end++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === ';' || c === '}') break;
  }
  return css.slice(from, end).replace(/!\s*important\s*$/i, '').trim() || undefined;
}
