/**
 * Not a test: measures renderer start-up and the render time of a typical 1,500-word doc page
 * with three code blocks. Run with `npx tsx test/markdown/measure-render.ts`.
 */
import { createMarkdownRenderer } from '../../src/markdown/create-markdown-renderer.ts';

const sentence = [
  'Your Serpent answers every `POST /move` call with one of four directions, and the engine applies all moves at once.',
  'Read the [board object](/api/objects/board) first, because every coordinate you compute starts from its origin in the bottom-left corner.',
  'When two heads meet on the same square, the longer Serpent survives and the shorter one is eliminated, so length matters as much as position.',
  'Hazards cost extra health each turn, which means a short path through them can still be the wrong choice when food is scarce.',
  'Keep your response time well under the timeout: a slow answer counts as a repeat of your previous move.',
];
const paragraph = (n: number) => Array.from({ length: 4 }, (_, i) => sentence[(n + i) % sentence.length]).join(' ');

const js = `import http from 'node:http';

const server = http.createServer((req, res) => {
  if (req.method !== 'POST' || req.url !== '/move') {
    res.writeHead(404).end();
    return;
  }
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    const state = JSON.parse(body);
    const move = chooseMove(state);
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ move, shout: \`going \${move}\` }));
  });
});

server.listen(process.env.PORT ?? 8000);`;
const json = `{
  "game": { "id": "c0ffee", "timeout": 500 },
  "turn": 14,
  "board": {
    "height": 11,
    "width": 11,
    "food": [{ "x": 5, "y": 5 }, { "x": 9, "y": 0 }],
    "hazards": []
  },
  "you": { "id": "s1", "health": 54, "length": 3 }
}`;
const python = `def choose_move(state: dict) -> str:
    head = state["you"]["head"]
    width = state["board"]["width"]
    height = state["board"]["height"]
    safe = []
    for name, (dx, dy) in MOVES.items():
        x, y = head["x"] + dx, head["y"] + dy
        if 0 <= x < width and 0 <= y < height:
            safe.append(name)
    return safe[0] if safe else "up"`;

function buildDoc(): string {
  const parts: string[] = [paragraph(0)];
  for (let section = 0; section < 6; section++) {
    parts.push(`## Section ${section + 1}: moving safely`, paragraph(section), paragraph(section + 2));
    if (section % 2 === 0) parts.push(`### Details of part ${section + 1}`, paragraph(section + 1));
    if (section === 1) parts.push('```js title="server.js" {3,9-12}\n' + js + '\n```');
    if (section === 3) parts.push('```json\n' + json + '\n```');
    if (section === 5) parts.push('```python\n' + python + '\n```');
    if (section === 4) parts.push(':::tip Keep it fast\n\n' + paragraph(3) + '\n\n:::');
    if (section === 2) parts.push('| Field | Type | Meaning |\n|---|---|---|\n| `x` | integer | Column |\n| `y` | integer | Row |');
  }
  return parts.join('\n\n');
}

const source = buildDoc();
// A distinct comment in every code block defeats the highlight cache, like a page never seen before.
const fresh = (run: number) => source.replace(/\n```\n/g, (fence) => `\n${run % 2 ? '# ' : '// '}run ${run}${fence}`);

let start = performance.now();
const render = await createMarkdownRenderer();
const startup = performance.now() - start;

const input = (text: string) => ({ source: text, file: 'content/docs/guide.md', lineOffset: 5, resolveLink: () => '/rules' });
start = performance.now();
const first = await render(input(source));
const firstRender = performance.now() - start;
for (let run = 0; run < 30; run++) await render(input(fresh(run)));

async function measure(makeSource: (run: number) => string): Promise<string> {
  const times: number[] = [];
  for (let run = 0; run < 100; run++) {
    const text = makeSource(run + 1000);
    const begin = performance.now();
    await render(input(text));
    times.push(performance.now() - begin);
  }
  times.sort((a, b) => a - b);
  return `median ${times[50].toFixed(2)} ms, p90 ${times[90].toFixed(2)} ms, min ${times[0].toFixed(2)} ms`;
}

console.log(`words: ${first.wordCount}, code blocks: 3, html: ${first.html.length} chars`);
console.log(`createMarkdownRenderer: ${startup.toFixed(0)} ms`);
console.log(`first render (compiles js/json/python grammars): ${firstRender.toFixed(0)} ms`);
console.log(`warm render, new code blocks:       ${await measure(fresh)}`);
console.log(`warm render, unchanged page (dev):  ${await measure(() => source)}`);
