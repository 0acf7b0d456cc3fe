import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bin = path.join(repoRoot, 'bin/sitegen.js');

/** What a finished CLI run printed and returned. */
export interface CliResult { code: number | null; stdout: string; stderr: string; output: string }

/**
 * Runs the real CLI (`node bin/sitegen.js …`) in a child process, so exit codes and printed
 * diagnostics are exactly what a user sees. `NO_COLOR` keeps the output plain.
 */
export function runCli(args: string[], options: { cwd?: string; timeoutMs?: number; env?: Record<string, string> } = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], { cwd: options.cwd ?? repoRoot, env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', ...options.env } });
    let stdout = '';
    let stderr = '';
    let output = '';
    child.stdout.on('data', (c: Buffer) => { stdout += c; output += c; });
    child.stderr.on('data', (c: Buffer) => { stderr += c; output += c; });
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`sitegen ${args.join(' ')} timed out; output so far:\n${output}`));
    }, options.timeoutMs ?? 280_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, output });
    });
  });
}

/** A long-running CLI command (serve, dev) and the text it has printed so far. */
export interface CliProcess { child: ChildProcess; output(): string; waitFor(re: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>; stop(): Promise<void> }

/** Starts a long-running CLI command; `waitFor` resolves when its output matches. */
export function startCli(args: string[], options: { cwd?: string } = {}): CliProcess {
  const child = spawn(process.execPath, [bin, ...args], { cwd: options.cwd ?? repoRoot, env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' } });
  let text = '';
  const listeners = new Set<() => void>();
  const onData = (c: Buffer) => {
    text += c;
    for (const l of listeners) l();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  return {
    child,
    output: () => text,
    waitFor(re, timeoutMs = 60_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = text.match(re);
          if (!match) return;
          cleanup();
          resolve(match);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`Timed out waiting for ${re}; output so far:\n${text}`));
        }, timeoutMs);
        const onExit = () => {
          cleanup();
          reject(new Error(`sitegen exited (${child.exitCode}) before printing ${re}; output:\n${text}`));
        };
        const cleanup = () => {
          clearTimeout(timer);
          listeners.delete(check);
          child.off('exit', onExit);
        };
        listeners.add(check);
        child.once('exit', onExit);
        check();
      });
    },
    stop() {
      if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
      return new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
    },
  };
}
