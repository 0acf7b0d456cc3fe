import path from 'node:path';
import { Command, InvalidArgumentError } from 'commander';
import { createLogger } from '../src/diagnostics/logger.ts';
import { formatDiagnostic, summarizeDiagnostics } from '../src/diagnostics/format-diagnostic.ts';
import { SitegenError } from '../src/diagnostics/sitegen-error.ts';

// commander only: flags → typed options → calls into src/. Only this file exits the process.

function port(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError('expected a port number (0–65535)');
  return n;
}

const program = new Command()
  .name('sitegen')
  .description('Build, preview and check a documentation site made of Markdown and a React theme.')
  .option('--root <dir>', 'site root holding site.config.ts, content/, theme/ and public/', '.')
  // Environment settings are checked before any work, whether or not a command would read them.
  .hook('preAction', async () => {
    const { checkThreadsSetting } = await import('../src/markdown/pool/create-markdown-service.ts');
    checkThreadsSetting();
  });

program.command('build')
  .description('build the site into build/ (replaced only when the build succeeds)')
  .option('--out-dir <dir>', 'output folder, relative to the root', 'build')
  .option('--quiet', 'print only warnings and errors')
  .option('--verbose', 'print details of every phase')
  .option('--no-cache', 'render all Markdown again instead of reusing node_modules/.cache/sitegen/markdown/')
  .action(async (opts: { outDir: string; quiet?: boolean; verbose?: boolean; cache: boolean }) => {
    const { buildSite } = await import('../src/build/build-site.ts');
    const root = path.resolve(program.opts().root);
    const logger = createLogger(opts);
    logger.info(`sitegen build ${path.relative(process.cwd(), root) || '.'}`);
    await buildSite({ root, outDir: opts.outDir, logger, cache: opts.cache });
  });

program.command('serve')
  .description('serve a finished build like a production static host')
  .option('--dir <dir>', 'folder to serve, relative to the root', 'build')
  .option('-p, --port <port>', 'port', port, 3000)
  .option('--host <host>', 'interface to bind (default: loopback only)', '127.0.0.1')
  .action(async (opts: { dir: string; port: number; host: string }) => {
    const { startStaticServer } = await import('../src/serve/start-static-server.ts');
    const { loadConfig } = await import('../src/config/load-config.ts');
    const root = path.resolve(program.opts().root);
    // The build holds site-relative files; its public URLs live under the site's baseUrl.
    const baseUrl = await loadConfig(root).then((c) => c.baseUrl, () => '/');
    const server = await startStaticServer({ dir: path.resolve(root, opts.dir), port: opts.port, host: opts.host, baseUrl });
    console.log(`Serving ${path.relative(process.cwd(), server.dir) || '.'} at ${server.url}`);
  });

program.command('dev')
  .description('build, serve and rebuild on change with live reload')
  .option('-p, --port <port>', 'port (the next free one is used if taken)', port, 3000)
  .option('--host <host>', 'interface to bind (default: loopback only)', '127.0.0.1')
  .option('--no-cache', 'render all Markdown at start instead of reusing node_modules/.cache/sitegen/markdown/')
  .action(async (opts: { port: number; host: string; cache: boolean }) => {
    const { startDevServer } = await import('../src/dev/start-dev-server.ts');
    const root = path.resolve(program.opts().root);
    await startDevServer({ root, port: opts.port, host: opts.host, markdownCache: opts.cache });
  });

program.command('check-links')
  .description('check every link and anchor of the built site with linkinator')
  .option('--dir <dir>', 'built site folder, relative to the root', 'build')
  .option('--external', 'also check external links')
  .action(async (opts: { dir: string; external?: boolean }) => {
    const { runLinkCheck } = await import('../src/links/run-link-check.ts');
    const { CONFIG_FILE, loadConfig } = await import('../src/config/load-config.ts');
    const { readFile } = await import('node:fs/promises');
    const root = path.resolve(program.opts().root);
    // With the site's URL, canonical links to it are checked against the build, not production.
    const config = await loadConfig(root).catch(() => undefined);
    const configText = config ? await readFile(path.join(root, CONFIG_FILE), 'utf8').catch(() => undefined) : undefined;
    const ok = await runLinkCheck({ dir: path.resolve(root, opts.dir), external: Boolean(opts.external), siteUrl: config?.url, baseUrl: config?.baseUrl, configText });
    if (!ok) process.exitCode = 1;
  });

try {
  await program.parseAsync();
} catch (error) {
  if (error instanceof SitegenError) {
    const list = error.diagnostics;
    if (list.length) {
      for (const d of list) console.error(formatDiagnostic(d));
      console.error(`\n✗ ${error.message.startsWith('Build failed') ? error.message : summarizeDiagnostics(list)}`);
    } else {
      console.error(`✗ ${error.message}`);
    }
  } else {
    console.error('Internal error: sitegen crashed. Please report this with the trace below.');
    console.error(error);
  }
  process.exitCode = 1;
}
