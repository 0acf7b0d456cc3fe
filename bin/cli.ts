import { formatDiagnostic, summarizeDiagnostics } from '../src/diagnostics/format-diagnostic.ts';
import { formatCauseChain } from '../src/diagnostics/cause-chain.ts';
import { SitegenError } from '../src/diagnostics/sitegen-error.ts';
import { environmentDiagnostic } from '../src/diagnostics/environment-error.ts';
import { commandToRun, createProgram } from './program.ts';

// Runs the program (bin/program.ts) and reports its failure. Only bin/ exits the process.

export { commandToRun };

/**
 * Runs `sitegen` with `args` (the arguments after the script). A SitegenError prints its
 * diagnostics; with `--verbose` every failure also prints its numbered cause chain and the
 * deepest cause's stack (source-mapped where the code came from the theme).
 */
export async function main(args: string[]): Promise<void> {
  const program = createProgram();
  try {
    await program.parseAsync(args, { from: 'user' });
  } catch (error) {
    const verbose = program.commands.some((c) => c.opts<{ verbose?: boolean }>().verbose);
    if (error instanceof SitegenError) {
      const list = error.diagnostics;
      if (list.length) {
        for (const d of list) console.error(formatDiagnostic(d));
        console.error(`\n✗ ${error.message.startsWith('Build failed') ? error.message : summarizeDiagnostics(list)}`);
      } else {
        console.error(`✗ ${error.message}`);
      }
      if (verbose) console.error(`\n${formatCauseChain(error)}`);
      else if (error.cause !== undefined && hasVerbose(program, args)) console.error('  (run again with --verbose for the cause and its stack)');
    } else if (environmentDiagnostic(error)) {
      // A fault of the machine (a full disk, a folder it may not write): said plainly, no trace.
      const diagnostic = environmentDiagnostic(error)!;
      console.error(formatDiagnostic(diagnostic));
      console.error(`\n✗ ${summarizeDiagnostics([diagnostic])}`);
      if (verbose) console.error(`\n${formatCauseChain(error)}`);
    } else {
      console.error('Internal error: sitegen crashed. Please report this with the trace below.');
      console.error(verbose ? formatCauseChain(error) : error);
    }
    process.exitCode = 1;
  }
}

/** Whether the command `args` ran takes `--verbose`. */
function hasVerbose(program: ReturnType<typeof createProgram>, args: string[]): boolean {
  const name = commandToRun(args);
  return program.commands.some((c) => c.name() === name && c.options.some((o) => o.long === '--verbose'));
}
