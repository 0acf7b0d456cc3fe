import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { buildSite } from '../../src/build/build-site.ts';
import { silentLogger } from '../../src/diagnostics/logger.ts';
import { startStaticServer, type StaticServer } from '../../src/serve/start-static-server.ts';
import { clearAccessibilityResults, formatAccessibilityTable } from './axe-table.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, type BrowserEnv, type SiteName } from './env.ts';
import { loadConfig } from '../../src/config/load-config.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');

/** The sites the browser tests visit: the real one and the fixtures for options it does not use. */
const siteRoots: Record<SiteName, string> = {
  real: repoRoot,
  options: path.join(repoRoot, 'test/fixtures/browser-options'),
  crash: path.join(repoRoot, 'test/fixtures/browser-crash'),
  sidebar: path.join(repoRoot, 'test/fixtures/browser-sidebar'),
  skeleton: path.join(repoRoot, 'test/fixtures/browser-skeleton'),
  sidebars: path.join(repoRoot, 'test/fixtures/sidebars-site'),
  // Served under its `baseUrl` (/docs-site/), as a GitHub Pages project site is.
  base: path.join(repoRoot, 'test/fixtures/base-url-site'),
  // React and Markdown pages of src/pages (issue 30 › 4).
  pages: path.join(repoRoot, 'test/fixtures/react-pages-site'),
  // A Docusaurus site as it is, with a released version beside the docs folder (issue 39 › 4).
  versions: path.join(repoRoot, 'test/fixtures/docusaurus-reference'),
  // A Docusaurus site as it is, with mermaid diagrams (issue 39 › 1).
  docusaurus: path.join(repoRoot, 'test/fixtures/docusaurus-site'),
};

/**
 * Global setup of the browser project: builds every site once into a temp folder, serves each
 * on 127.0.0.1 (port 0) and starts one Chromium that all test files connect to. Without
 * Chromium the suites are skipped with a banner, except under CI=true, where that fails the run.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(CHROMIUM_PATH)) {
    if (process.env.CI === 'true') {
      throw new Error(`Browser tests need Chromium at ${CHROMIUM_PATH}, and CI=true forbids skipping them. Install it with \`apt-get install -y chromium\` (see .ci/run).`);
    }
    console.warn(banner(`Chromium not found at ${CHROMIUM_PATH}: the browser tests are SKIPPED.`, 'Install it with `apt-get install -y chromium` to run them.'));
    project.provide('browserEnv', null);
    return async () => {};
  }

  clearAccessibilityResults();
  const outRoot = mkdtempSync(path.join(os.tmpdir(), 'sitegen-browser-'));
  const servers: StaticServer[] = [];
  const cleanup = async () => {
    await Promise.all(servers.map((s) => s.close()));
    rmSync(outRoot, { recursive: true, force: true });
  };
  try {
    const sites = {} as Record<SiteName, string>;
    const outDirs = {} as Record<SiteName, string>;
    // One after the other: the builds are CPU-bound and would only interleave.
    for (const [name, root] of Object.entries(siteRoots) as [SiteName, string][]) {
      const outDir = path.join(outRoot, name);
      await buildSite({ root, outDir, logger: silentLogger });
      const { baseUrl } = await loadConfig(root);
      const server = await startStaticServer({ dir: outDir, port: 0, host: '127.0.0.1', baseUrl });
      servers.push(server);
      sites[name] = server.url;
      outDirs[name] = outDir;
    }
    const browser = await chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
    const env: BrowserEnv = { wsEndpoint: browser.wsEndpoint(), sites, outDirs };
    project.provide('browserEnv', env);
    return async () => {
      await browser.close();
      await cleanup();
      const table = formatAccessibilityTable();
      if (table) console.log(`\n${table}\n`);
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

function banner(...lines: string[]): string {
  const width = Math.max(...lines.map((l) => l.length)) + 4;
  const bar = '!'.repeat(width);
  return ['', bar, ...lines.map((l) => `! ${l.padEnd(width - 4)} !`), bar, ''].join('\n');
}
