/**
 * Issue 37 › 3: `sitegen serve` beside clients that send a request and never read. The server
 * runs as the real CLI in a child process (so its descriptors and memory are its own, read from
 * /proc). Some clients fetch a page in a loop, first alone (their baseline rate), then beside
 * each group of never-readers: 500 sockets that each ask for a ~1 MB feed, then 100 that each
 * ask for an 8 MB file, none reading a byte (half of each group accept gzip). The report gives
 * the other clients' rate as a share of the baseline, with the load average beside it, and the
 * server's descriptors and resident memory before, during, and once it lets the never-readers
 * go (its timeouts cut them) or they give up.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createRandom } from '../corpus/random.ts';
import { freePort } from './free-port.ts';

/** What the scenario measured, and its report lines. */
export interface ServeMeasurement {
  baselineRate: number;
  besideRate: number;
  /** `besideRate / baselineRate`. */
  share: number;
  lines: string[];
}

/** A server process's open descriptors, resident memory and CPU time so far. */
interface Held { fds: number; rssMb: number; cpuMs: number }

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');

/** Writes the served folder: a home page, a 404 page, a docs page, a ~1 MB feed and an 8 MB file. */
function writeSite(dir: string): { pageBytes: number; feedBytes: number; binBytes: number } {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const random = createRandom('serve-bench');
  const words = ['snake', 'turn', 'board', 'food', 'hazard', 'move', 'server', 'latency', 'arena', 'tail', 'head', 'grid', 'round', 'score', 'shout'];
  const sentence = () => Array.from({ length: random.int(6, 14) }, () => random.pick(words)).join(' ');
  const page = `<!doctype html><html lang="en"><title>Guide</title><body>${Array.from({ length: 400 }, () => `<p>${sentence()}.</p>`).join('\n')}</body></html>`;
  // Item text with an id per entry, as a feed with every post in full (`limit: false`) has.
  const items: string[] = [];
  for (let i = 0, size = 0; size < 1024 * 1024; i++) {
    const item = `<item><guid>https://example.com/blog/${i}-${random.int(0, 1e9).toString(36)}</guid><description>${sentence()}. ${sentence()}.</description></item>\n`;
    items.push(item);
    size += item.length;
  }
  const feed = `<?xml version="1.0" encoding="utf-8"?>\n<rss version="2.0"><channel>\n${items.join('')}</channel></rss>\n`;
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Home</title>');
  writeFileSync(path.join(dir, '404.html'), '<!doctype html><title>Not found</title>');
  writeFileSync(path.join(dir, 'guide.html'), page);
  writeFileSync(path.join(dir, 'rss.xml'), feed);
  // A large file of `public/` (a video, an archive): random bytes, as compressed media are.
  const bin = Buffer.alloc(8 * 1024 * 1024);
  for (let i = 0; i < bin.length; i += 4) bin.writeUInt32LE(Math.floor(random.next() * 2 ** 32), i);
  mkdirSync(path.join(dir, 'media'));
  writeFileSync(path.join(dir, 'media/demo.bin'), bin);
  return { pageBytes: Buffer.byteLength(page), feedBytes: Buffer.byteLength(feed), binBytes: bin.length };
}

/** Open descriptors and resident memory of process `pid` (Linux /proc). */
function heldBy(pid: number): Held {
  const fds = readdirSync(`/proc/${pid}/fd`).length;
  const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  // utime and stime, fields 14 and 15 of /proc/PID/stat, in clock ticks (100 a second on Linux).
  const statLine = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const stat = statLine.slice(statLine.lastIndexOf(')') + 2).split(' ');
  return { fds, rssMb: rss ? Number(rss[1]) / 1024 : NaN, cpuMs: (Number(stat[11]) + Number(stat[12])) * 10 };
}
const describeHeld = (h: Held) => `${h.fds} fds, ${h.rssMb.toFixed(0)} MB RSS`;

/**
 * `clients` keep-alive loops GETting `pathname` (gzip accepted) for `seconds`; returns completed
 * requests per second and how many failed (status other than 200, or a connection error).
 */
async function fetchLoop(options: { origin: string; pathname: string; clients: number; seconds: number }): Promise<{ rate: number; failed: number }> {
  const { origin, pathname, clients, seconds } = options;
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const until = performance.now() + seconds * 1000;
  let done = 0;
  let failed = 0;
  const once = () => new Promise<void>((resolve) => {
    const req = http.get(`${origin}${pathname}`, { agent, headers: { 'accept-encoding': 'gzip' } }, (res) => {
      res.resume();
      res.on('end', () => {
        if (res.statusCode === 200) done++;
        else failed++;
        resolve();
      });
      res.on('error', () => { failed++; resolve(); });
    });
    req.on('error', () => { failed++; resolve(); });
  });
  const started = performance.now();
  await Promise.all(Array.from({ length: clients }, async () => {
    while (performance.now() < until) await once();
  }));
  agent.destroy();
  return { rate: done / ((performance.now() - started) / 1000), failed };
}

/** Opens `count` sockets that each send one GET for `pathname` and never read the answer. */
async function openNeverReaders(options: { port: number; pathname: string; count: number }): Promise<net.Socket[]> {
  const { port, pathname, count } = options;
  const sockets: net.Socket[] = [];
  await Promise.all(Array.from({ length: count }, (_, i) => new Promise<void>((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    sockets.push(socket);
    socket.pause();
    // A server that cuts the socket may reset it; that is the point, not a failure.
    socket.on('error', () => {});
    socket.on('close', () => resolve());
    const gzip = i % 2 === 0 ? 'Accept-Encoding: gzip\r\n' : '';
    socket.write(`GET ${pathname} HTTP/1.1\r\nHost: 127.0.0.1\r\n${gzip}\r\n`, () => resolve());
  })));
  return sockets;
}

/** One group of never-readers: what they ask for and how many of them there are. */
interface NeverReaders { label: string; pathname: string; count: number }

/**
 * Runs the scenarios: the clients alone, then beside each group of never-readers in turn.
 * `progress` reports each step on stderr.
 */
export async function measureNeverReaders(options: {
  repo: string; outRoot: string; clients?: number; seconds?: number; progress: (message: string) => void;
}): Promise<ServeMeasurement> {
  const { repo, outRoot, clients = 16, seconds = 10, progress } = options;
  const dir = path.join(outRoot, 'serve-site');
  const { pageBytes, feedBytes, binBytes } = writeSite(dir);
  const port = await freePort();
  const server = spawn(process.execPath, [path.join(repo, 'bin/sitegen.js'), '--root', dir, 'serve', '--dir', '.', '--port', String(port)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  server.stdout.on('data', (c: Buffer) => { output += c; });
  server.stderr.on('data', (c: Buffer) => { output += c; });
  const origin = `http://127.0.0.1:${port}`;
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  try {
    for (let waited = 0; !/Serving/.test(output); waited += 100) {
      if (server.exitCode !== null || waited > 60_000) throw new Error(`sitegen serve did not start:\n${output}`);
      await sleep(100);
    }
    const pid = server.pid!;
    /** The clients for `seconds`, with the server's CPU time and peak holdings meanwhile. */
    const measureClients = async () => {
      const start = heldBy(pid);
      const peak = { ...start };
      const sampler = setInterval(() => {
        const now = heldBy(pid);
        peak.fds = Math.max(peak.fds, now.fds);
        peak.rssMb = Math.max(peak.rssMb, now.rssMb);
      }, 250);
      const result = await fetchLoop({ origin, pathname: '/guide', clients, seconds });
      clearInterval(sampler);
      const cpu = ((heldBy(pid).cpuMs - start.cpuMs) / 1000).toFixed(1);
      const text = `${result.rate.toFixed(0)} req/s (${result.failed} failed) · load ${load()} · server CPU ${cpu} s`;
      return { rate: result.rate, text, peak };
    };
    progress('serve: warming up');
    await fetchLoop({ origin, pathname: '/guide', clients, seconds: 1 });
    // The clients' own keep-alive sockets close with their agent.
    await sleep(1000);
    const before = heldBy(pid);
    const lines = [
      `serve beside never-readers (sockets that send a GET and never read; half of each group accept gzip): ${clients} keep-alive clients GET /guide (${(pageBytes / 1024).toFixed(0)} KB, gzip), ${seconds} s alone, then ${seconds} s beside each group`,
      `  server at rest: ${describeHeld(before)}`,
    ];
    const groups: NeverReaders[] = [
      { label: `500 × /rss.xml (${mb(feedBytes)})`, pathname: '/rss.xml', count: 500 },
      // Loopback's socket buffers take a few MB per connection, so a 1 MB answer is all sent
      // and the server holds nothing; a larger file stays half-sent until the idle timeout.
      { label: `100 × /media/demo.bin (${mb(binBytes)}, not compressible)`, pathname: '/media/demo.bin', count: 100 },
    ];
    let share = Infinity;
    let besideRate = Infinity;
    let baselineRate = Infinity;
    for (const group of groups) {
      progress(`serve: the clients alone, then beside ${group.label} never-readers, then until the server lets go of them (90 s at most)`);
      // The baseline right before: other work on the machine changes both alike.
      const alone = await measureClients();
      await sleep(1000);
      const opened = performance.now();
      const sockets = await openNeverReaders({ port, pathname: group.pathname, count: group.count });
      const sent = heldBy(pid);
      const beside = await measureClients();
      let after = heldBy(pid);
      while (after.fds > before.fds + 5 && performance.now() - opened < 90_000) {
        await sleep(1000);
        after = heldBy(pid);
      }
      const releasedAfter = (performance.now() - opened) / 1000;
      const released = after.fds <= before.fds + 5;
      for (const socket of sockets) socket.destroy();
      await sleep(2000);
      const gaveUp = heldBy(pid);
      const groupShare = beside.rate / alone.rate;
      if (groupShare < share) [share, besideRate, baselineRate] = [groupShare, beside.rate, alone.rate];
      lines.push(
        `  ${group.label}:`,
        `    clients alone:  ${alone.text}`,
        `    beside them:    ${beside.text} = ${(groupShare * 100).toFixed(0)}% of alone (target ≥ 80%)`,
        `    server held: ${describeHeld(sent)} once they had sent; at most ${describeHeld(beside.peak)} over the next ${seconds} s`,
        released
          ? `    let them go ~${releasedAfter.toFixed(0)} s after they sent: ${describeHeld(after)}; after they close too: ${describeHeld(gaveUp)}`
          : `    NOT let go ${releasedAfter.toFixed(0)} s after they sent: ${describeHeld(after)}; after they give up (close): ${describeHeld(gaveUp)}`,
      );
    }
    return { baselineRate, besideRate, share, lines };
  } finally {
    server.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}
