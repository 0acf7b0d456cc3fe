import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { markdownStoreDir } from '../../src/site/markdown-store.ts';

/** Repository root. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Where tests put the sites they edit. Inside the repository so a site's theme overrides
 * resolve `react` from our node_modules; under node_modules/.cache so git never sees them.
 */
const scratch = path.join(repoRoot, 'node_modules/.cache/sitegen-tests');

/** A writable copy of a fixture site. */
export interface SiteCopy {
  root: string;
  /** Absolute path of a file of the copy. */
  file(rel: string): string;
  read(rel: string): string;
  write(rel: string, text: string | Uint8Array): void;
  remove(rel: string): void;
  cleanup(): void;
}

/**
 * Copies `test/fixtures/<name>` (or any folder, e.g. the real site's content) to a scratch
 * folder. `site.config.ts` imports sitegen by a relative path, which is rewritten to an
 * absolute one; a `package.json` makes the copy an ES-module package like the original.
 */
export function copyFixture(name: string, options: { from?: string; withTheme?: boolean; whole?: boolean } = {}): SiteCopy {
  const from = options.from ?? path.join(repoRoot, 'test/fixtures', name);
  mkdirSync(scratch, { recursive: true });
  const root = path.join(scratch, `${name}-${process.pid}-${Math.random().toString(36).slice(2, 8)}`);
  // `whole`: every file, as a Docusaurus site's folder is (its config, docs/, blog/, static/, sidebars…).
  if (options.whole) cpSync(from, root, { recursive: true });
  // The real site's theme/ is the default theme itself: copying it would make every file an override.
  // A fixture's `src/` holds its own React components (Docusaurus's `@site/src/components/…`);
  // the repository's own `src/` is sitegen, never copied.
  const ownSrc = path.resolve(from) === repoRoot ? [] : ['src'];
  for (const part of options.whole ? [] : ['site.config.ts', 'content', 'public', ...ownSrc, ...(options.withTheme === false ? [] : ['theme'])]) {
    try {
      cpSync(path.join(from, part), path.join(root, part), { recursive: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  const configFile = path.join(root, 'site.config.ts');
  try {
    const config = readFileSync(configFile, 'utf8').replace(/from '((?:\.\.?\/)+)src\//g, (_, rel: string) => `from '${path.resolve(from, rel, 'src')}/`);
    writeFileSync(configFile, config);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  writeFileSync(path.join(root, 'package.json'), '{ "type": "module", "private": true }\n');
  const abs = (rel: string) => path.join(root, rel);
  return {
    root,
    file: abs,
    read: (rel) => readFileSync(abs(rel), 'utf8'),
    write(rel, text) {
      mkdirSync(path.dirname(abs(rel)), { recursive: true });
      writeFileSync(abs(rel), text);
    },
    remove: (rel) => rmSync(abs(rel), { recursive: true, force: true }),
    cleanup() {
      rmSync(root, { recursive: true, force: true });
      // Builds of the copy through the CLI (or dev) kept its rendered Markdown in the cache.
      rmSync(markdownStoreDir(root), { recursive: true, force: true });
    },
  };
}
