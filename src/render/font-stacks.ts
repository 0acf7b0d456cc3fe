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
 * The stacks are the theme's `--font-sans` (the text: regular, italic, semibold, bold, the weights
 * theme/css uses) and `--font-mono` (code), as the site's last stylesheet to declare them leaves
 * them: a site's `customCss` may redefine them.
 */

/** The custom properties of the theme's font stacks, and the faces looked up in each. */
const STACKS: readonly { property: string; faces: readonly string[] }[] = [
  { property: '--font-sans', faces: ['400', 'italic 400', '600', '700'] },
  { property: '--font-mono', faces: ['400'] },
];

/** A font stack and the faces (`font-style` and `font-weight`) of it to look up. */
export interface FontStack { stack: string; faces: readonly string[] }

/** The stacks to look up, from the stylesheets in the order pages link them. */
export function fontsToMatch(stylesheets: readonly string[]): FontStack[] {
  return STACKS.flatMap(({ property, faces }) => {
    const stack = lastDeclaration(stylesheets, property);
    return stack ? [{ stack, faces }] : [];
  });
}

/** The value of the last declaration of a custom property in `stylesheets`, if it is a plain font stack. */
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

/**
 * The value starting at `from`, up to the `;` or `}` that ends it (not one in a string), trimmed;
 * none when it is not a plain font stack: empty, or a function (`var()`) outside its quoted names.
 * `!important` is dropped.
 */
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
  const value = css.slice(from, end).replace(/!\s*important\s*$/i, '').trim();
  return value && !/\(/.test(value.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '')) ? value : undefined;
}
