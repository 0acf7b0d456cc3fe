/**
 * Runs the complete snakes printed on the Quickstart page, so the page can
 * never ship a sample that does not start, answer, or move legally.
 *
 * - The ```js title="server.js"``` block is saved as `server.mjs`, started
 *   with `node` on a free port and exercised over HTTP.
 * - The ```python title="main.py"``` block is byte-compiled with
 *   `python3 -m py_compile` (skipped with a warning when python3 is missing).
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { portForChild } from '../helpers/child-port.ts';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const quickstartPath = join(repoRoot, 'content/docs/getting-started/quickstart.md');

type Coord = { x: number; y: number };
type Move = 'up' | 'down' | 'left' | 'right';

/** Returns the body of the one fenced block with this language and title. */
function extractBlock(markdown: string, lang: string, title: string): string {
  const blockRE = /^```(\S+)([^\n]*)\n([\s\S]*?)^```\s*$/gm;
  const matches = [...markdown.matchAll(blockRE)].filter(
    ([, blockLang, meta]) => blockLang === lang && meta.includes(`title="${title}"`),
  );
  if (matches.length !== 1) {
    throw new Error(
      `Expected exactly one \`\`\`${lang} title="${title}" block in quickstart.md, found ${matches.length}`,
    );
  }
  return matches[0][3];
}

/** Polls `GET /` until the server answers, or fails after `timeoutMs`. */
async function waitUntilAnswering(baseUrl: string, child: ChildProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`The sample server exited early with code ${child.exitCode}`);
    }
    try {
      const res = await fetch(`${baseUrl}/`);
      await res.arrayBuffer();
      return;
    } catch (err) {
      lastError = err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`The sample server did not answer within ${timeoutMs} ms: ${String(lastError)}`);
}

function serpent(id: string, name: string, health: number, body: Coord[], color: string) {
  return {
    id,
    name,
    health,
    body,
    latency: '87',
    head: body[0],
    length: body.length,
    shout: '',
    squad: '',
    customizations: { color, head: 'default', tail: 'default' },
  };
}

/** A full game state as the engine sends it to /start, /move and /end. */
function gameState(options: {
  turn: number;
  you: ReturnType<typeof serpent>;
  others: ReturnType<typeof serpent>[];
  food: Coord[];
}) {
  return {
    game: {
      id: 'c5a1d2e0-quickstart-test',
      ruleset: {
        name: 'standard',
        version: 'v1.1.15',
        settings: {
          foodSpawnChance: 15,
          minimumFood: 1,
          hazardDamagePerTurn: 14,
          hazardMap: '',
          hazardMapAuthor: '',
          royale: { shrinkEveryNTurns: 25 },
          squad: {
            allowBodyCollisions: false,
            sharedElimination: false,
            sharedHealth: false,
            sharedLength: false,
          },
        },
      },
      map: 'standard',
      source: 'custom',
      timeout: 500,
    },
    turn: options.turn,
    board: {
      height: 11,
      width: 11,
      food: options.food,
      hazards: [],
      snakes: [options.you, ...options.others],
    },
    you: options.you,
  };
}

/*
 * Position 1 (x grows right, y grows up): your head is at (0,5) on the left wall,
 * your neck at (1,5) and a rival's body at (0,4). Left is off the board, right is
 * your neck, down is the rival's body: only `up` is legal.
 */
const you1 = serpent('you', 'Sample', 54, [{ x: 0, y: 5 }, { x: 1, y: 5 }, { x: 2, y: 5 }], '#2f9e6e');
const rival1 = serpent(
  'rival',
  'Rival',
  80,
  [{ x: 1, y: 4 }, { x: 0, y: 4 }, { x: 0, y: 3 }, { x: 1, y: 3 }],
  '#d9822b',
);
const onlyUp = gameState({ turn: 14, you: you1, others: [rival1], food: [{ x: 5, y: 5 }, { x: 9, y: 1 }] });

/*
 * Position 2: your head is at (10,2) on the right wall, your body curls up and
 * back through (9,2), (9,3), (10,3), (10,4). Right is off the board, left is your
 * neck, up is your own body: only `down` is legal, with food tempting you upwards.
 */
const you2 = serpent(
  'you',
  'Sample',
  31,
  [{ x: 10, y: 2 }, { x: 9, y: 2 }, { x: 9, y: 3 }, { x: 10, y: 3 }, { x: 10, y: 4 }],
  '#2f9e6e',
);
const rival2 = serpent('rival', 'Rival', 90, [{ x: 3, y: 8 }, { x: 3, y: 7 }, { x: 3, y: 6 }], '#d9822b');
const onlyDown = gameState({ turn: 40, you: you2, others: [rival2], food: [{ x: 10, y: 9 }] });

/*
 * Position 3: against the bottom wall at (4,0) with your neck at (4,1). Left and
 * right are both legal; food lies to the right.
 */
const you3 = serpent('you', 'Sample', 70, [{ x: 4, y: 0 }, { x: 4, y: 1 }, { x: 4, y: 2 }], '#2f9e6e');
const rival3 = serpent('rival', 'Rival', 99, [{ x: 8, y: 8 }, { x: 8, y: 9 }, { x: 8, y: 10 }], '#d9822b');
const twoWays = gameState({ turn: 6, you: you3, others: [rival3], food: [{ x: 7, y: 0 }] });

async function post(baseUrl: string, path: string, body: unknown) {
  return fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function askMove(baseUrl: string, body: unknown): Promise<Move> {
  const res = await post(baseUrl, '/move', body);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const reply = (await res.json()) as { move: Move };
  return reply.move;
}

const markdown = readFileSync(quickstartPath, 'utf8');

describe('quickstart JavaScript sample (server.js)', () => {
  let workDir: string;
  let child: ChildProcess;
  let baseUrl: string;
  let output = '';

  beforeAll(async () => {
    const source = extractBlock(markdown, 'js', 'server.js');
    workDir = mkdtempSync(join(tmpdir(), 'quickstart-js-'));
    writeFileSync(join(workDir, 'server.mjs'), source);

    const port = await portForChild();
    baseUrl = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['server.mjs'], {
      cwd: workDir,
      env: { ...process.env, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    await waitUntilAnswering(baseUrl, child);
  });

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill();
      await exited;
    }
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  it('answers GET / with the info object', async () => {
    const res = await fetch(`${baseUrl}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const info = (await res.json()) as Record<string, unknown>;
    expect(info.apiversion).toBe('1');
    expect(info.color).toMatch(/^#[0-9a-fA-F]{6}$/);
  });

  it('answers POST /start with 200', async () => {
    const res = await post(baseUrl, '/start', { ...onlyUp, turn: 0 });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    await res.arrayBuffer();
  });

  it('moves up when the wall, its neck and a rival body block everything else', async () => {
    expect(await askMove(baseUrl, onlyUp)).toBe('up');
  });

  it('moves down when the wall, its neck and its own body block everything else', async () => {
    expect(await askMove(baseUrl, onlyDown)).toBe('down');
  });

  it('picks a legal move and prefers the side with food', async () => {
    const move = await askMove(baseUrl, twoWays);
    expect(['left', 'right']).toContain(move);
    expect(move).toBe('right');
  });

  it('answers POST /end with 200', async () => {
    const res = await post(baseUrl, '/end', { ...onlyUp, turn: 15 });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
  });

  it('answers under a base URL with a path, as the page says it does (issue 40 › 4)', async () => {
    await expectAnswersUnder(baseUrl, '/serpents/kestrel');
  });

  it('does not log any errors while playing', () => {
    expect(output).not.toMatch(/Error/);
  });
});

/** The four endpoints answered under `base`: the engine calls `<base>/`, `<base>/start`, `<base>/move`, `<base>/end`. */
async function expectAnswersUnder(baseUrl: string, base: string) {
  const info = await fetch(`${baseUrl}${base}/`);
  expect(info.status).toBe(200);
  expect((await info.json()).apiversion).toBe('1');
  for (const endpoint of ['/start', '/end']) {
    const res = await post(baseUrl, `${base}${endpoint}`, { ...onlyUp, turn: 0 });
    expect(res.status, endpoint).toBe(200);
    await res.arrayBuffer();
  }
  expect(await askMove(`${baseUrl}${base}`, onlyUp)).toBe('up');
}

describe('quickstart Python sample (main.py)', () => {
  it('answers under a base URL with a path, as the page says it does (issue 40 › 4)', async () => {
    if (spawnSync('python3', ['--version']).error) {
      console.warn('python3 was not found on PATH; skipping the main.py base URL check.');
      return;
    }
    const workDir = mkdtempSync(join(tmpdir(), 'quickstart-py-'));
    const port = await portForChild();
    writeFileSync(join(workDir, 'main.py'), extractBlock(markdown, 'python', 'main.py'));
    const child = spawn('python3', ['main.py'], { cwd: workDir, env: { ...process.env, PORT: String(port) }, stdio: 'ignore' });
    try {
      const baseUrl = `http://127.0.0.1:${port}`;
      await waitUntilAnswering(baseUrl, child);
      await expectAnswersUnder(baseUrl, '/serpents/kestrel');
    } finally {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill();
      await exited;
      rmSync(workDir, { recursive: true, force: true });
    }
  });

  it('compiles with python3 -m py_compile', () => {
    const source = extractBlock(markdown, 'python', 'main.py');
    const probe = spawnSync('python3', ['--version'], { encoding: 'utf8' });
    if (probe.error) {
      console.warn('python3 was not found on PATH; skipping the main.py compile check.');
      return;
    }

    const workDir = mkdtempSync(join(tmpdir(), 'quickstart-py-'));
    try {
      const file = join(workDir, 'main.py');
      writeFileSync(file, source);
      const result = spawnSync('python3', ['-m', 'py_compile', file], { encoding: 'utf8' });
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
    } finally {
      rmSync(workDir, { recursive: true, force: true });
    }
  });
});
