/**
 * Signs of life during long phases: a live counter on a terminal, a line every few seconds in
 * a log (CI), nothing under `--quiet`. Phases that end within a second show nothing at all.
 */

/** Counts the work of one phase. */
export interface Progress {
  /** One more item done (a file rendered, a page written). */
  tick(count?: number): void;
  /** The phase is over: a terminal's live line is cleared so the `✓` line takes its place. */
  done(): void;
}

/** Where progress goes and how time is read (injected in tests). */
export interface ProgressOutput {
  write(text: string): void;
  /** A terminal: one line redrawn in place. Otherwise whole lines, every `lineEveryMs`. */
  isTTY: boolean;
  now?: () => number;
}

/** Nothing is shown before a phase has run this long. */
const SHOW_AFTER_MS = 1000;
/** A terminal line is redrawn at most this often. */
const REDRAW_MS = 100;
/** Without a terminal, one line this often. */
const LINE_EVERY_MS = 5000;

/** A progress counter that shows nothing. */
export const noProgress: Progress = { tick() {}, done() {} };

/** Starts counting `total` items of the phase `name` (as the `✓ name` line will call it). */
export function startProgress(options: { output: ProgressOutput; name: string; total: number; unit: string }): Progress {
  const { output, name, total, unit } = options;
  const now = output.now ?? (() => performance.now());
  const started = now();
  let count = 0;
  let shownAt: number | undefined;
  let drawn = false;

  const line = (t: number) => {
    const elapsed = (t - started) / 1000;
    const rate = count / Math.max(elapsed, 0.001);
    const left = rate > 0 ? (total - count) / rate : Infinity;
    // A phase's first items carry its start-up (Jest's first file after 5 s said "~29 min left"
    // for a 10 s phase): no estimate until a twentieth of the work is done.
    const eta = Number.isFinite(left) && count < total && count >= total / 20 ? `, ~${formatSeconds(left)} left` : '';
    return `  … ${name.padEnd(22)} ${count}/${total} ${unit} (${rate >= 10 ? Math.round(rate) : rate.toFixed(1)}/s${eta})`;
  };

  return {
    tick(n = 1) {
      count += n;
      const t = now();
      if (t - started < SHOW_AFTER_MS) return;
      if (output.isTTY) {
        if (shownAt !== undefined && t - shownAt < REDRAW_MS) return;
        // \r and "erase line": the counter is redrawn in place.
        output.write(`\r\x1b[2K${line(t)}`);
        drawn = true;
      } else {
        if (shownAt !== undefined && t - shownAt < LINE_EVERY_MS) return;
        if (shownAt === undefined && t - started < LINE_EVERY_MS) return;
        output.write(`${line(t)}\n`);
      }
      shownAt = t;
    },
    done() {
      if (drawn) output.write('\r\x1b[2K');
      drawn = false;
    },
  };
}

function formatSeconds(s: number): string {
  if (s < 60) return `${Math.max(1, Math.round(s))} s`;
  const m = Math.floor(s / 60);
  return `${m} min ${Math.round(s - m * 60)} s`;
}
