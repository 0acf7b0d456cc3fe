#!/usr/bin/env node
// Builds test/fixtures/docusaurus-reference with Docusaurus itself and writes what it made to
// test/fixtures/docusaurus-reference.expected.json: the routes of its pages, by kind, and the ids
// of the headings (h2–h6) in each Markdown page's body. test/config/docusaurus-reference.test.ts
// builds the same fixture with sitegen and compares (issue #39 › 3).
//
// Run by hand, from the repository root, with network access (npm installs Docusaurus):
//
//   node test/tools/docusaurus-reference.mjs
//
// Rerun it after changing the fixture (then commit the fixture and the JSON together), or after
// changing the Docusaurus version in the fixture's package.json. The build happens in a folder
// under the system's temp folder (named for the fixture's package.json, so an install is reused
// while that file is unchanged), never in the repository. Plain Node, no dependencies.

import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const fixtureDir = path.join(repoRoot, 'test/fixtures/docusaurus-reference');
const expectedFile = path.join(repoRoot, 'test/fixtures/docusaurus-reference.expected.json');
/** Written into node_modules once `npm install` has finished, holding the package.json it installed. */
const installStamp = 'node_modules/.docusaurus-reference-installed';

/**
 * A page's kind, from the classes Docusaurus's theme puts on `<html>` (ThemeClassNames.page.*)
 * and, for a doc page, whether it holds a generated index. `body` picks the element whose
 * headings are the page's own Markdown headings; kinds without one have no heading ids.
 */
const kindRules = [
  {
    kind: 'docs-generated-index',
    test: (c, html) => c.has('docs-doc-page') && /class="generatedIndexPage_/.test(html),
  },
  { kind: 'docs-doc', test: (c) => c.has('docs-doc-page'), body: (a) => hasClass(a, 'theme-doc-markdown') },
  { kind: 'blog-post', test: (c) => c.has('blog-post-page'), body: (a) => a.id === '__blog-post-container' },
  { kind: 'blog-list', test: (c) => c.has('blog-list-page') },
  { kind: 'blog-tags-list', test: (c) => c.has('blog-tags-list-page') },
  { kind: 'blog-tag', test: (c) => c.has('blog-tags-post-list-page') },
  { kind: 'blog-authors-list', test: (c) => c.has('blog-authors-list-page') },
  { kind: 'blog-author', test: (c) => c.has('blog-authors-posts-page') },
  // The archive is the one blog page the theme gives no page class.
  { kind: 'blog-archive', test: (c) => c.has('plugin-blog') && ![...c].some((name) => /^blog-.*-page$/.test(name)) },
  {
    kind: 'page-markdown',
    test: (c) => c.has('plugin-pages') && c.has('mdx-page'),
    body: (_a, name) => name === 'main',
  },
  { kind: 'page-react', test: (c) => c.has('plugin-pages') && !c.has('mdx-page') },
];

async function main() {
  const packageJson = readFileSync(path.join(fixtureDir, 'package.json'), 'utf8');
  const hash = createHash('sha256').update(packageJson).digest('hex').slice(0, 12);
  const workDir = path.join(os.tmpdir(), `docusaurus-reference-${hash}`);
  copyFixture(workDir);

  const stampFile = path.join(workDir, installStamp);
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === packageJson) {
    console.log(`Reusing the install in ${workDir}`);
  } else {
    console.log(`Installing Docusaurus in ${workDir}`);
    await run('npm', ['install', '--no-audit', '--no-fund'], workDir);
    writeFileSync(stampFile, packageJson);
  }

  const started = Date.now();
  // The update notifier would ask the registry for a newer version: the build itself stays offline.
  const log = await run('npx', ['docusaurus', 'build'], workDir, { NO_UPDATE_NOTIFIER: '1' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const corePackage = path.join(workDir, 'node_modules/@docusaurus/core/package.json');
  const version = JSON.parse(readFileSync(corePackage, 'utf8')).version;

  const reference = readBuild(path.join(workDir, 'build'), version);
  const text = `${JSON.stringify(reference, null, 2)}\n`;
  const previous = existsSync(expectedFile) ? readFileSync(expectedFile, 'utf8') : undefined;
  writeFileSync(expectedFile, text);

  const warnings = stripAnsi(log).split('\n').filter((line) => /^\[WARNING\]/.test(line));
  const headingPages = Object.keys(reference.headingIds).length;
  const headingCount = Object.values(reference.headingIds).reduce((sum, ids) => sum + ids.length, 0);
  console.log('');
  console.log(`Docusaurus ${version} built the fixture in ${seconds} s (${workDir}/build).`);
  for (const [kind, routes] of Object.entries(reference.kinds)) console.log(`  ${kind.padEnd(22)} ${routes.length}`);
  console.log(`  ${reference.routes.length} routes; ${headingCount} heading ids on ${headingPages} pages`);
  const change = previous === undefined ? 'new' : previous === text ? 'unchanged' : 'changed';
  console.log(`Wrote ${path.relative(repoRoot, expectedFile)} (${change}).`);
  if (warnings.length > 0) {
    console.log(`\nThe Docusaurus build printed ${warnings.length} warning(s); make the fixture build clean:`);
    for (const line of warnings) console.log(`  ${line}`);
    process.exitCode = 1;
  }
}

/** Replaces the work folder's copy of the fixture, keeping its install. */
function copyFixture(workDir) {
  mkdirSync(workDir, { recursive: true });
  for (const entry of readdirSync(workDir)) {
    if (entry === 'node_modules' || entry === 'package-lock.json') continue;
    rmSync(path.join(workDir, entry), { recursive: true, force: true });
  }
  // A sitegen or Docusaurus build made in the fixture itself is not part of it.
  const skip = new Set(['node_modules', 'build', '.docusaurus'].map((name) => path.join(fixtureDir, name)));
  cpSync(fixtureDir, workDir, { recursive: true, filter: (source) => !skip.has(source) });
}

/** Runs a command in `cwd`, showing its output as it comes, and resolves with that output. */
function run(command, args, cwd, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      shell: process.platform === 'win32',
    });
    let output = '';
    child.stdout.on('data', (chunk) => { output += chunk; process.stdout.write(chunk); });
    child.stderr.on('data', (chunk) => { output += chunk; process.stderr.write(chunk); });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(output);
      else reject(new Error(`\`${command} ${args.join(' ')}\` exited with ${code}`));
    });
  });
}

/** The reference: every page's route, the routes of each kind, and each Markdown page's heading ids. */
function readBuild(buildDir, version) {
  const kinds = {};
  const headingIds = {};
  for (const file of htmlFiles(buildDir)) {
    // Each locale's 404 page (`404.html`, `fr/404.html`) and assets are no routes.
    if (/(^|\/)404\.html$/.test(file) || /(^|\/)assets\//.test(file)) continue;
    const route = routeOf(file);
    const html = readFileSync(path.join(buildDir, file), 'utf8');
    const htmlTag = /<html\b[^>]*>/.exec(html)?.[0] ?? '';
    const classes = new Set((attributesOf(htmlTag).class ?? '').split(/\s+/));
    const rule = kindRules.find((r) => r.test(classes, html));
    if (!rule) throw new Error(`Cannot tell what kind of page ${file} is (${htmlTag})`);
    (kinds[rule.kind] ??= []).push(route);
    if (rule.body) headingIds[route] = headingIdsIn(html, rule.body, file);
  }
  const sorted = (record) => Object.fromEntries(Object.keys(record).sort().map((key) => [key, record[key]]));
  return {
    about: 'Written by test/tools/docusaurus-reference.mjs from a Docusaurus build of '
      + 'test/fixtures/docusaurus-reference; do not edit. `kinds` sorts the routes by page kind; '
      + '`headingIds` holds, for doc, blog-post and Markdown/MDX page routes, the ids of the h2-h6 headings '
      + 'in the page body (.theme-doc-markdown, #__blog-post-container, <main>), in document order.',
    docusaurus: version,
    routes: Object.values(kinds).flat().sort(),
    kinds: sorted(Object.fromEntries(Object.entries(kinds).map(([kind, routes]) => [kind, routes.sort()]))),
    headingIds: sorted(headingIds),
  };
}

/** HTML files under `dir`, as posix paths relative to it. */
function htmlFiles(dir, prefix = '') {
  return readdirSync(path.join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return htmlFiles(dir, rel);
    return entry.name.endsWith('.html') ? [rel] : [];
  });
}

/** `index.html` → `/`, `docs/intro.html` → `/docs/intro`, `docs/intro/index.html` → `/docs/intro`. */
function routeOf(file) {
  const route = `/${file.replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '')}`;
  return route.length > 1 ? route.replace(/\/$/, '') : route;
}

// A small scan of the HTML React rendered: tags and their attributes, skipping comments and the
// text of <script> and <style>. React closes every element it opens (void ones excepted), so a
// stack of open elements is enough to tell when the body element ends.
const attributeSource = String.raw`\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>\x60]+))?`;
const tagRE = new RegExp(String.raw`<!--[\s\S]*?-->|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:${attributeSource})*)\s*(\/?)>`, 'g');
const attributeRE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
const voidElements = new Set([
  'area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr',
]);

/** The ids of the h2–h6 elements inside the first element `isBody` accepts, in document order. */
function headingIdsIn(html, isBody, file) {
  const ids = [];
  const open = [];
  let bodyDepth = -1;
  tagRE.lastIndex = 0;
  for (let match; (match = tagRE.exec(html)); ) {
    const [, closing, rawName, rawAttributes, selfClosing] = match;
    if (!rawName) continue; // a comment
    const name = rawName.toLowerCase();
    if (closing) {
      const at = open.lastIndexOf(name);
      if (at >= 0) open.length = at;
      if (bodyDepth >= 0 && open.length <= bodyDepth) return ids;
      continue;
    }
    const attributes = attributesOf(rawAttributes);
    if (bodyDepth < 0 && isBody(attributes, name)) bodyDepth = open.length;
    else if (bodyDepth >= 0 && /^h[2-6]$/.test(name) && attributes.id !== undefined) ids.push(attributes.id);
    if (name === 'script' || name === 'style') {
      const end = html.indexOf(`</${name}`, tagRE.lastIndex);
      tagRE.lastIndex = end < 0 ? html.length : end;
    }
    if (!selfClosing && !voidElements.has(name)) open.push(name);
  }
  throw new Error(`Cannot find the page body in ${file}: the theme's markup has changed`);
}

/** The attributes of a start tag (or of its attribute text), values decoded. */
function attributesOf(text) {
  const attributes = {};
  const inner = text.replace(/^<[a-zA-Z][^\s/>]*/, '').replace(/\/?>$/, '');
  for (const [, name, double, single, bare] of inner.matchAll(attributeRE)) {
    attributes[name.toLowerCase()] = decodeEntities(double ?? single ?? bare ?? '');
  }
  return attributes;
}

function hasClass(attributes, name) {
  return (attributes.class ?? '').split(/\s+/).includes(name);
}

/** Decodes the character references React writes in attribute values. */
function decodeEntities(text) {
  const named = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, ref) => {
    if (ref[0] !== '#') return named[ref.toLowerCase()] ?? whole;
    return String.fromCodePoint(ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : Number(ref.slice(1)));
  });
}

function stripAnsi(text) {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\u001b\[[0-9;]*m/g, '');
}

await main();
