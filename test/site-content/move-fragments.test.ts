/**
 * Issue 27 B2: every JavaScript or Python sample on the site that answers `/move` (or `GET /`)
 * runs as its page says, assembled with the quickstart's snake, and what it answers validates
 * against the published JSON Schema (public/schema).
 *
 * - The quickstart's `server.js` and `main.py` run as they are.
 * - A block titled `server.js (fragment)` or `main.py (fragment)` is spliced into them (see
 *   quickstart-splice.ts); one written against an Express `app` runs on express-shim.ts.
 * - A block titled `….test.js (fragment)` runs as a script after the quickstart's functions, with
 *   the quickstart's `move-request.json` and the schema files next to it.
 * - Any other block that mentions `/move`, `chooseMove` or `choose_move` fails: the page does not
 *   say how to run it with the quickstart.
 * Each assembled server is started and sent the docs' own example requests: GET /, the POST /start
 * and POST /end bodies, and every complete game state as a POST /move.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { afterAll, describe, expect, it } from 'vitest';
import { portForChild } from '../helpers/child-port.ts';
import { type CodeBlock, codeBlocks, repoRoot, where } from './code-blocks.ts';
import { expressListen, expressPrelude, usesExpress } from './express-shim.ts';
import { jsFunctionsOnly, spliceJs, splicePy } from './quickstart-splice.ts';

const schemaDir = path.join(repoRoot, 'public/schema');
const ajv = new Ajv2020({ allErrors: true, strict: true });
for (const name of ['objects.json', 'game-state.json', 'info-response.json', 'move-response.json']) {
  ajv.addSchema(JSON.parse(readFileSync(path.join(schemaDir, name), 'utf8')));
}
const schema = (name: string) => ajv.getSchema(`https://serpentarena.dev/schema/${name}`) as ValidateFunction;
const validMove = schema('move-response.json');
const validInfo = schema('info-response.json');

const blocks = codeBlocks();
const quickstart = (lang: string, title: string) => {
  const found = blocks.filter((b) => b.file.endsWith('getting-started/quickstart.md') && b.lang === lang && b.title === title);
  if (found.length !== 1) throw new Error(`Expected one \`\`\`${lang} title="${title}" block in the quickstart, found ${found.length}`);
  return found[0];
};
const baseJs = quickstart('js', 'server.js');
const basePy = quickstart('python', 'main.py');
const moveRequestFile = quickstart('json', 'move-request.json');

/** The docs' complete game states (all four keys), by the endpoint their title names. */
const states = blocks.filter((b) => b.lang === 'json' && b.file.startsWith('content/docs/')).flatMap((b) => {
  const value = JSON.parse(b.value) as Record<string, unknown>;
  return ['game', 'turn', 'board', 'you'].every((k) => k in value) ? [{ block: b, value }] : [];
});
const startBody = states.find((s) => /POST \/start/.test(s.block.title))!;
const endBody = states.find((s) => /POST \/end/.test(s.block.title))!;

type Program = { block: CodeBlock; kind: 'server'; runtime: 'node' | 'python3'; source: string } | { block: CodeBlock; kind: 'script'; source: string };

const isJs = (b: CodeBlock) => ['js', 'javascript', 'mjs'].includes(b.lang);
const isPy = (b: CodeBlock) => ['py', 'python'].includes(b.lang);
const answersMove = (b: CodeBlock) => /\/move\b|\bchooseMove\b|\bchoose_move\b/.test(b.value);

/** How the page says to run a block, or why it cannot be run. */
function assemble(block: CodeBlock): Program | { unrunnable: string } | undefined {
  if (block === baseJs) return { block, kind: 'server', runtime: 'node', source: block.value };
  if (block === basePy) return { block, kind: 'server', runtime: 'python3', source: block.value };
  if (isJs(block) && usesExpress(block.value)) {
    const source = [jsFunctionsOnly(baseJs.value), expressPrelude, block.value, expressListen].join('\n');
    return { block, kind: 'server', runtime: 'node', source };
  }
  if (isJs(block) && block.title === 'server.js (fragment)') return { block, kind: 'server', runtime: 'node', source: spliceJs(baseJs.value, block.value) };
  if (isPy(block) && block.title === 'main.py (fragment)') return { block, kind: 'server', runtime: 'python3', source: splicePy(basePy.value, block.value) };
  // A test file is saved beside the quickstart's server.js (which exports chooseMove) and run.
  if (isJs(block) && /\.test\.js \(fragment\)$/.test(block.title)) return { block, kind: 'script', source: block.value };
  if ((isJs(block) || isPy(block)) && answersMove(block)) {
    return { unrunnable: `${where(block)} answers /move, but its title says neither \`server.js (fragment)\`, \`main.py (fragment)\` nor \`….test.js (fragment)\`, so it cannot be run with the quickstart's server` };
  }
  return undefined;
}

const assembled = blocks.map(assemble).filter((p) => p !== undefined);
const programs = assembled.filter((p): p is Program => 'kind' in p);
const workDir = mkdtempSync(path.join(tmpdir(), 'move-fragments-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

/** Starts a server program and polls `GET /` until it answers (or the program exits). */
async function start(program: Extract<Program, { kind: 'server' }>, index: number): Promise<{ url: string; child: ChildProcess; output: () => string }> {
  const file = path.join(workDir, program.runtime === 'node' ? `server-${index}.mjs` : `main-${index}.py`);
  writeFileSync(file, program.source);
  const port = await portForChild();
  const child = spawn(program.runtime, [file], { cwd: workDir, env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (c) => (output += c));
  child.stderr!.on('data', (c) => (output += c));
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
    if (child.exitCode !== null) throw new Error(`${where(program.block)} exited with code ${child.exitCode}:\n${output}`);
    try {
      await (await fetch(`${url}/`)).arrayBuffer();
      // An answer while the program has already exited came from another process.
      if (child.exitCode !== null) throw new Error(`${where(program.block)} exited with code ${child.exitCode}:\n${output}`);
      return { url, child, output: () => output };
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  child.kill();
  throw new Error(`${where(program.block)} did not answer GET / within 60 s:\n${output}`);
}

async function post(url: string, body: unknown): Promise<{ status: number; type: string | null; json: unknown }> {
  const res = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const text = await res.text();
  let json: unknown;
  try { json = JSON.parse(text); } catch { json = `(not JSON) ${text}`; }
  return { status: res.status, type: res.headers.get('content-type'), json };
}

const errorsOf = (validate: ValidateFunction) => JSON.stringify(validate.errors);

describe('samples that answer /move', () => {
  it('are found: the quickstart\'s two snakes and the guides\' fragments', () => {
    expect(states.length).toBeGreaterThanOrEqual(4);
    expect(startBody && endBody).toBeTruthy();
    expect(programs.filter((p) => p.block.file !== baseJs.file).length).toBeGreaterThanOrEqual(3);
  });

  it('all say how to run them with the quickstart', () => {
    expect(assembled.flatMap((p) => ('unrunnable' in p ? [p.unrunnable] : []))).toEqual([]);
  });

  programs.forEach((program, index) => {
    if (program.kind === 'script') {
      it(`${where(program.block)} runs beside the quickstart's server.js, importing chooseMove, and passes its own check`, () => {
        const dir = mkdtempSync(path.join(workDir, 'script-'));
        cpSync(schemaDir, path.join(dir, 'schema'), { recursive: true });
        symlinkSync(path.join(repoRoot, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
        writeFileSync(path.join(dir, 'move-request.json'), moveRequestFile.value);
        writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
        writeFileSync(path.join(dir, 'server.js'), baseJs.value);
        writeFileSync(path.join(dir, 'check.test.js'), program.source);
        const run = spawnSync(process.execPath, ['check.test.js'], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
        expect(run.status, `${where(program.block)}:\n${run.stderr}`).toBe(0);
      });
      return;
    }
    it(`${where(program.block)} answers the docs' example requests with valid replies`, async () => {
      if (program.runtime === 'python3' && spawnSync('python3', ['--version']).error) throw new Error('python3 is needed to run the Python samples');
      const server = await start(program, index);
      try {
        const info = await fetch(`${server.url}/`);
        expect(info.status).toBe(200);
        expect(info.headers.get('content-type')).toMatch(/^application\/json/);
        const body = await info.json();
        expect(validInfo(body), `GET / answered ${JSON.stringify(body)}: ${errorsOf(validInfo)}`).toBe(true);

        expect((await post(`${server.url}/start`, startBody.value)).status).toBe(200);
        for (const state of states) {
          const reply = await post(`${server.url}/move`, state.value);
          const what = `POST /move with ${where(state.block)} answered ${reply.status} ${JSON.stringify(reply.json)}`;
          expect(reply.status, what).toBe(200);
          expect(reply.type, what).toMatch(/^application\/json/);
          expect(validMove(reply.json), `${what}: ${errorsOf(validMove)}`).toBe(true);
        }
        expect((await post(`${server.url}/end`, endBody.value)).status).toBe(200);
        expect(server.output()).not.toMatch(/Error|Traceback/);
      } finally {
        const exited = new Promise((r) => server.child.once('exit', r));
        server.child.kill();
        await exited;
      }
    });
  });
});
