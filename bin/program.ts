import { existsSync } from 'node:fs';
import path from 'node:path';
import { Command, InvalidArgumentError } from 'commander';
import { createLogger } from '../src/diagnostics/logger.ts';

// commander only: flags → typed options → calls into src/. Every command's work is imported when
// it runs, so defining the program (and `--help`) loads nothing but commander.

function port(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError('expected a port number (0–65535)');
  return n;
}

/** The `sitegen` program: its options, commands and their actions. */
export function createProgram(): Command {
  const program = new Command()
    .name('sitegen')
    .description('Build, preview and check a documentation site made of Markdown and a React theme.')
    .option('--root <dir>', 'site root holding site.config.ts, content/, theme/ and public/', '.')
    // Environment settings are checked before any work, whether or not a command would read them.
    .hook('preAction', async () => {
      const { checkThreadsSetting } = await import('../src/markdown/pool/create-markdown-service.ts');
      checkThreadsSetting();
    });
  const rootOf = () => path.resolve(program.opts<{ root: string }>().root);

  program.command('build')
    .description('build the site into build/ (replaced only when the build succeeds)')
    .option('--out-dir <dir>', 'output folder, relative to the root', 'build')
    .option('--quiet', 'print only warnings and errors')
    .option('--verbose', 'print details of every phase, and the cause of an error with its stack')
    .option('--no-cache', 'render all Markdown again (and store it anew) instead of reusing node_modules/.cache/sitegen/markdown/')
    .action(async (opts: { outDir: string; quiet?: boolean; verbose?: boolean; cache: boolean }) => {
      const { buildSite } = await import('../src/build/build-site.ts');
      const root = rootOf();
      const logger = createLogger(opts);
      logger.info(`sitegen build ${path.relative(process.cwd(), root) || '.'}`);
      await buildSite({ root, outDir: opts.outDir, logger, cache: opts.cache ? true : 'rewrite' });
    });

  program.command('serve')
    .description('serve a finished build like a production static host')
    .option('--dir <dir>', 'folder to serve, relative to the root', 'build')
    .option('-p, --port <port>', 'port', port, 3000)
    .option('--host <host>', 'interface to bind (default: loopback only)', '127.0.0.1')
    .action(async (opts: { dir: string; port: number; host: string }) => {
      const { startStaticServer } = await import('../src/serve/start-static-server.ts');
      const { loadConfig } = await import('../src/config/load-config.ts');
      const root = rootOf();
      // The build holds site-relative files; its public URLs live under the site's baseUrl.
      const baseUrl = await loadConfig(root).then((c) => c.baseUrl, () => '/');
      const dir = path.resolve(root, opts.dir);
      if (!existsSync(dir)) {
        // A build stopped during its swap leaves the folder beside it: put it back (output-guard.ts).
        const { lockOutputFolder, recoverOutputFolder } = await import('../src/site/output-guard.ts');
        const release = await lockOutputFolder(dir);
        try {
          const { restored } = await recoverOutputFolder(dir);
          if (restored) console.warn(`Restored ${path.relative(process.cwd(), dir) || '.'} from ${restored}, left by a build that was stopped during its swap`);
        } finally {
          await release();
        }
      }
      const server = await startStaticServer({ dir, port: opts.port, host: opts.host, baseUrl });
      console.log(`Serving ${path.relative(process.cwd(), server.dir) || '.'} at ${server.url}`);
    });

  program.command('dev')
    .description('build, serve and rebuild on change with live reload')
    .option('-p, --port <port>', 'port (the next free one is used if taken)', port, 3000)
    .option('--host <host>', 'interface to bind (default: loopback only)', '127.0.0.1')
    .option('--no-cache', 'render all Markdown at start (and store it anew) instead of reusing node_modules/.cache/sitegen/markdown/')
    .action(async (opts: { port: number; host: string; cache: boolean }) => {
      const { startDevServer } = await import('../src/dev/start-dev-server.ts');
      await startDevServer({ root: rootOf(), port: opts.port, host: opts.host, markdownCache: opts.cache ? true : 'rewrite' });
    });

  program.command('check-links')
    .description('check every link and anchor of the built site with linkinator')
    .option('--dir <dir>', 'built site folder, relative to the root', 'build')
    .option('--external', 'also check external links')
    .action(async (opts: { dir: string; external?: boolean }) => {
      const { runLinkCheck } = await import('../src/links/run-link-check.ts');
      const { CONFIG_FILE, loadConfig } = await import('../src/config/load-config.ts');
      const { readFile } = await import('node:fs/promises');
      const root = rootOf();
      // With the site's URL, canonical links to it are checked against the build, not production.
      const config = await loadConfig(root).catch(() => undefined);
      const configText = config ? await readFile(path.join(root, CONFIG_FILE), 'utf8').catch(() => undefined) : undefined;
      // The sidebars file, named from the root as the build names it, to locate its links.
      const sidebarPath = config?.docs.sidebarPath;
      const sidebarsText = sidebarPath ? await readFile(path.resolve(root, sidebarPath), 'utf8').catch(() => undefined) : undefined;
      const sidebars = sidebarPath && sidebarsText !== undefined ? { file: path.relative(root, path.resolve(root, sidebarPath)).split(path.sep).join('/'), text: sidebarsText } : undefined;
      const ok = await runLinkCheck({ dir: path.resolve(root, opts.dir), external: Boolean(opts.external), siteUrl: config?.url, baseUrl: config?.baseUrl, configText, sidebars });
      if (!ok) process.exitCode = 1;
    });
  return program;
}

/**
 * The command whose action `createProgram()` would run for `args` (the arguments after the
 * script), found by commander's own parser: the program's options and their values are skipped
 * as commander skips them, and a command asked for its help (`build --help`) runs no action.
 * Arguments commander rejects run nothing either (it prints why when the program runs).
 */
export function commandToRun(args: string[]): string | undefined {
  // A program of its own: parsing sets option values, and commander exits on a bad argument.
  const program = createProgram().exitOverride().configureOutput({ writeOut() {}, writeErr() {} });
  try {
    const { operands, unknown } = program.parseOptions(args);
    const command = program.commands.find((c) => c.name() === operands[0] || c.aliases().includes(operands[0]));
    if (!command) return undefined;
    command.exitOverride().configureOutput({ writeOut() {}, writeErr() {} });
    // The command's own options, parsed as commander will: in `--out-dir -h`, `-h` is a folder.
    const rest = command.parseOptions([...operands.slice(1), ...unknown]);
    return rest.unknown.some((arg) => arg === '-h' || arg === '--help') ? undefined : command.name();
  } catch {
    return undefined;
  }
}
