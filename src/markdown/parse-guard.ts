/**
 * Limits on what one Markdown file may cost to parse. Markdown may come from a stranger's pull
 * request, and the upstream parser (micromark) slows down badly on some input: lists nested a few
 * hundred levels deep (500 levels of indented items: 25 s), tens of thousands of `](` (GFM
 * footnotes look back at every one: 80 KB took 7 s), a megabyte of `[`. A file nested deeper than
 * any real page is refused before it is parsed; a big file is parsed under a deadline, so that no
 * input can hang the build.
 */
import { availableParallelism, loadavg } from 'node:os';
import vm from 'node:vm';

/** Deeper than this, lists and quotes are refused (real pages nest a handful of levels). */
export const MAX_NESTING = 100;
/** Files smaller than this are parsed without a deadline: even a slow path over them is short. */
const GUARDED_BYTES = 16 * 1024;

/** Why a file is refused, at a line of its body. */
export interface ParseRefusal { line: number; ruleId: 'markdown/too-deep' | 'markdown/too-slow'; message: string; hint: string }

/** A fenced code block's opening or closing line: what it holds is text, never nesting. */
const fenceRE = /^[ \t]*(?:[-+*>][ \t]+|\d{1,9}[.)][ \t]+)*(`{3,}|~{3,})/;
/** The container markers a line opens with: list items and quote marks, each with its space. */
const markerRE = /^(?:[ \t]*(?:[-+*](?=[ \t])|\d{1,9}[.)](?=[ \t])|>))+/;

/**
 * The deepest nesting of lists and quotes the body could hold, and where: one pass over the lines,
 * counting a line's leading markers (`- - - x`, `> > x`) and, for a line that opens an item, its
 * indentation in steps of two columns. Over-counts rather than under-counts; fenced code is skipped.
 */
export function deepestNesting(body: string): { depth: number; line: number } {
  let deepest = { depth: 0, line: 1 };
  let fence: string | undefined;
  let line = 0;
  for (const text of body.split('\n')) {
    line++;
    const fenceMatch = fenceRE.exec(text);
    if (fence !== undefined) {
      if (fenceMatch && fenceMatch[1][0] === fence[0] && fenceMatch[1].length >= fence.length) fence = undefined;
      continue;
    }
    if (fenceMatch) {
      fence = fenceMatch[1];
      continue;
    }
    const markers = markerRE.exec(text)?.[0];
    if (!markers) continue;
    const count = (markers.match(/[-+*>]|\d{1,9}[.)]/g) ?? []).length;
    const indent = /^[ \t]*/.exec(markers)![0].replace(/\t/g, '    ').length;
    const depth = count + Math.floor(indent / 2);
    if (depth > deepest.depth) deepest = { depth, line };
  }
  return deepest;
}

/**
 * Parses with `parse`, refusing a body nested deeper than `MAX_NESTING` and stopping a parse of a
 * big body that runs past its deadline: `baseMs` (30 s) plus 30 s per megabyte, stretched by how
 * busy the machine is (the 1-minute load average per core, when over 1): the deadline is wall
 * time, and on a machine shared by other jobs a page that parses in 50 ms of CPU time may take
 * ten times that, which must make a build slower, never fail it. Real pages parse in well under a
 * second; what trips the deadline is input that would otherwise run for minutes or hours.
 * `vm`'s timeout stops the synchronous parse wherever it is; the parser keeps no state between
 * calls, so the next file parses as usual.
 */
export function createParseGuard(options: { baseMs?: number } = {}): <T>(body: string, parse: () => T) => T | ParseRefusal {
  const baseMs = options.baseMs ?? 30_000;
  const context = vm.createContext({ job: undefined as (() => unknown) | undefined });
  const script = new vm.Script('job()');
  return <T>(body: string, parse: () => T): T | ParseRefusal => {
    const nesting = deepestNesting(body);
    if (nesting.depth > MAX_NESTING) {
      return {
        line: nesting.line, ruleId: 'markdown/too-deep',
        message: `Cannot parse lists or quotes nested ${nesting.depth} levels deep; sitegen stops at ${MAX_NESTING}`,
        hint: 'Flatten the nesting: the Markdown parser slows down sharply on deep lists.',
      };
    }
    if (body.length < GUARDED_BYTES) return parse();
    const busy = Math.max(1, loadavg()[0] / availableParallelism());
    const deadlineMs = Math.round((baseMs + (body.length / 1_000_000) * 30_000) * busy);
    context.job = parse;
    try {
      return script.runInContext(context, { timeout: deadlineMs }) as T;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ERR_SCRIPT_EXECUTION_TIMEOUT') throw error;
      return {
        line: 1, ruleId: 'markdown/too-slow',
        message: `Cannot parse the file within ${Math.max(1, Math.round(deadlineMs / 1000))} s: the Markdown parser is slow on some of its text (thousands of unclosed \`[\` or \`](\`, say)`,
        hint: 'Split the file, or remove the long runs of brackets or markup characters.',
      };
    } finally {
      context.job = undefined;
    }
  };
}

/** Whether a guarded parse was refused. */
export function isRefusal(value: unknown): value is ParseRefusal {
  return typeof value === 'object' && value !== null && 'ruleId' in value && 'hint' in value && !('type' in value);
}
