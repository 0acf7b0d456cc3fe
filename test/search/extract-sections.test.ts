import katex from 'katex';
import { describe, expect, it } from 'vitest';
import { chunkSections } from '../../src/search/chunk-sections.ts';
import { extractSections } from '../../src/search/extract-sections.ts';

/** A document shaped like the theme's: chrome around an article marked `data-pagefind-body`. */
function documentWith(body: string, lang = 'en'): string {
  return `<!doctype html><html lang="${lang}"><head><title>T</title><script>var s = "<h2 id=\\"x\\">no</h2>";</script></head>
<body><nav class="navbar">Docs Blog</nav><main><article class="doc-article" data-pagefind-body="">
<h1 class="page-title">Rules</h1>
<details class="toc-mobile"><summary>On this page</summary><ul><li><a href="#food">Food</a></li></ul></details>
<div class="markdown" data-raw="content">${body}</div></article>
<nav class="pagination">Next page</nav></main><footer>Footer links</footer>
<script type="application/json" id="__sitegen">{"route":"/rules"}</script></body></html>`;
}

describe('extractSections', () => {
  it('indexes a formula as a reader sees it (its MathML text), never its TeX source', () => {
    const tex = (source: string, displayMode = false) => katex.renderToString(source, { output: 'htmlAndMathml', displayMode });
    const page = extractSections(documentWith(`<p>Neither ${tex('\\mu')} nor ${tex('\\sigma')} is shown.</p>
<h2 id="trueskill">TrueSkill: ${tex('\\mu')} and ${tex('\\sigma')}</h2>
${tex('R = \\left\\lfloor \\frac{w}{g} \\right\\rfloor', true)}`));
    expect(page!.sections).toEqual([
      { blocks: ['Neither μ nor σ is shown.'] },
      { anchor: 'trueskill', heading: 'TrueSkill: μ and σ', blocks: ['R = ⌊ w g ⌋'] },
    ]);
    expect(JSON.stringify(page)).not.toMatch(/\\\\(mu|sigma|left|frac)/);
  });

  it('splits the indexable region at h2/h3 headings with ids and skips everything around it', () => {
    const page = extractSections(documentWith(`<p>Intro <strong>text</strong> here.</p>
<h2 id="food">Food<a class="hash-link" href="#food" aria-label="Direct link to Food">#</a></h2>
<p>Eat &amp; grow.</p><ul><li>one</li><li>two</li></ul>
<h3 id="food-spawns">Food spawns</h3><p>Sometimes.</p>
<h4 id="deep">Deep</h4><p>Still in food spawns.</p>
<h2>No id</h2><p>Also there.</p>`));
    expect(page).toEqual({
      language: 'en',
      sections: [
        { blocks: ['Intro text here.'] },
        { anchor: 'food', heading: 'Food', blocks: ['Eat & grow.', 'one', 'two'] },
        { anchor: 'food-spawns', heading: 'Food spawns', blocks: ['Sometimes.', 'Deep', 'Still in food spawns.', 'No id', 'Also there.'] },
      ],
    });
  });

  it('skips code-block chrome, scripts, styles and ignored elements, and keeps code', () => {
    const page = extractSections(documentWith(`<div class="code-block" data-language="js"><div class="code-block-title">server.js</div>
<pre class="shiki"><code><span class="line"><span>const move = "up";</span></span></code></pre>
<span class="code-block-lang">js</span><button type="button" class="copy-button" hidden>Copy</button></div>
<style>.x { color: red }</style><script>alert("x")</script><div data-pagefind-ignore="">Hidden</div><p>After</p>`));
    expect(page!.sections[0].blocks).toEqual(['server.js', 'const move = "up";', 'After']);
  });

  it('keeps each table row one block, its cells apart: snippets never run cells or rows together (issue 41)', () => {
    const page = extractSections(documentWith(`<p>Defaults:</p><table tabindex="0"><thead><tr><th>Setting</th><th>Default</th><th>Meaning</th></tr></thead>
<tbody><tr><td data-label="Setting"><code>foodSpawnChance</code></td><td data-label="Default">15</td><td data-label="Meaning">Percent <em>chance</em> of food
</td></tr><tr><td>size</td><td>11</td><td>Any odd size.</td><td>
</td></tr>
<tr><td><code>minimumFood</code></td><td></td><td><p>At least</p><p>this much</p></td></tr></tbody></table><p>After.</p>`));
    expect(page!.sections[0].blocks).toEqual([
      'Defaults:', 'Setting · Default · Meaning;', 'foodSpawnChance · 15 · Percent chance of food;',
      // A row ending a sentence needs no mark; an empty last cell leaves no separator.
      'size · 11 · Any odd size.',
      // A cell holding paragraphs (HTML in a table) splits its row at them, never leaving a separator alone.
      'minimumFood', 'At least', 'this much', 'After.',
    ]);
  });

  it('keeps only the title and description of board diagrams', () => {
    const page = extractSections(documentWith(`<figure class="board"><svg role="img" class="board-svg"><title id="b-t">Head-to-head on 7×7</title>
<desc id="b-d">Snake A meets snake B</desc><g class="board-labels"><text>0</text><text>1</text></g><text>A</text></svg>
<figcaption>Caption text</figcaption></figure>`));
    expect(page!.sections[0].blocks).toEqual(['Head-to-head on 7×7', 'Snake A meets snake B', 'Caption text']);
  });

  it('separates card titles from their descriptions', () => {
    const page = extractSections(documentWith(
      '<a class="card" href="/rules"><span class="card-title">Rules</span><span class="card-description">How turns work</span></a>',
    ));
    expect(page!.sections[0].blocks).toEqual(['Rules', 'How turns work']);
  });

  it('reads the language and ignores pages without an indexable region', () => {
    expect(extractSections(documentWith('<p>Bonjour</p>', 'fr'))!.language).toBe('fr');
    expect(extractSections('<html><body><main>No region</main></body></html>')).toBeUndefined();
  });
});

describe('text of the sections', () => {
  it('decodes every character reference of HTML, numeric and named, and leaves unknown ones', () => {
    const [section] = extractSections(documentWith('<p>a &#x3C;b&#x3E; &#60; &quot;c&quot; &hellip; &bogus; &frac12; &Omega;</p>'))!.sections;
    expect(section.blocks.join(' ')).toContain('a <b> < "c" … &bogus; ½ Ω');
  });
});

describe('chunkSections', () => {
  it('cuts long sections at block boundaries and always keeps the intro', () => {
    const words = (n: number, w: string) => Array.from({ length: n }, () => w).join(' ');
    const records = chunkSections({
      sections: [
        { blocks: [] },
        { anchor: 'a', heading: 'A', blocks: [words(8, 'x'), words(8, 'y'), words(25, 'z')] },
        { anchor: 'b', heading: 'B', blocks: [] },
      ],
      limits: { target: 10, max: 20 },
    });
    expect(records.map((r) => [r.section, r.first, r.text.split(' ').length])).toEqual([
      [0, true, 1], // empty intro: one empty record ("".split(' ') has one item)
      [1, true, 16],
      [1, false, 20],
      [1, false, 5],
      [2, true, 1],
    ]);
    expect(records[0].text).toBe('');
  });

  it('cuts a block longer than the limit between words, and keeps every word once, in order', () => {
    const numbered = (from: number, n: number) => Array.from({ length: n }, (_, i) => `w${from + i}`).join(' ');
    const blocks = [numbered(0, 6), numbered(6, 45), numbered(51, 3), '', numbered(54, 12)];
    const records = chunkSections({ sections: [{ blocks }], limits: { target: 10, max: 20 } });
    expect(records.map((r) => r.text.split(' ').length)).toEqual([6, 20, 20, 5 + 3 + 1, 12]);
    expect(records[1].text).toBe(numbered(6, 20));
    expect(records[3].text).toBe(`${numbered(46, 5)} ${numbered(51, 3)} `);
    expect(records.map((r) => r.text).join(' ').split(' ').filter(Boolean)).toEqual(numbered(0, 66).split(' '));
  });
});

describe('extractSections on malformed input', () => {
  it('stops at an unclosed script instead of looping', () => {
    const page = extractSections('<html lang="en"><body><article data-pagefind-body=""><p>Before</p><script>never closed');
    expect(page!.sections[0].blocks).toEqual(['Before']);
  });
});
