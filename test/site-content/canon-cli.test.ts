import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { loadCanon, root } from './canon/schema.ts';
import { loadDocs, loadPosts, type Page } from './canon/pages.ts';

// Issue 40, item 3: the `serpent` CLI's releases in the canon (content/data/canon.yml) are what the
// posts say: each release is announced, flags and all, in the post of its day, no post names a
// version before it exists, and every default a post or page states is the one in force on its date.

const canon = loadCanon();
const posts = loadPosts();
const docs = loadDocs();
const { releases } = canon.cli;
const byName = new Map(posts.map((p) => [p.name, p]));

/** Everything a post says, prose and code, for "is it named at all" checks. */
const allText = (p: Page) => `${p.title}\n${p.description}\n${p.body}`;

/** The default of a long flag in force on a date: the last release up to then that set it. */
function defaultOn(flag: string, date: string): string | undefined {
  const setting = releases.filter((r) => r.date <= date && r.defaults[flag] !== undefined).at(-1);
  return setting === undefined ? undefined : String(setting.defaults[flag]);
}

/** The long form of a flag: `-t` is `--timeout` (the two are listed side by side in the canon). */
function longFlag(flag: string): string {
  if (flag.startsWith('--')) return flag;
  for (const r of releases) {
    const i = r.flags.indexOf(flag);
    if (i >= 0 && r.flags[i + 1]?.startsWith('--')) return r.flags[i + 1];
  }
  return flag;
}

describe('the serpent CLI in posts and pages', () => {
  it('announces each release in the post of its day: version, flags, game types, maps and commands', () => {
    const problems: string[] = [];
    for (const r of releases.filter((x) => x.post)) {
      const post = byName.get(r.post!);
      if (!post) { problems.push(`${r.version}: no post ${r.post}`); continue; }
      if (post.date !== r.date) problems.push(`${post.file}: dated ${post.date}, the release ${r.date}`);
      const text = allText(post);
      const escaped = r.version.replace(/\./g, '\\.');
      if (!new RegExp(`(?<![\\d.])${escaped}(?![\\d.]*\\d)`).test(post.prose)) problems.push(`${post.file}: never names CLI ${r.version}`);
      for (const flag of r.flags) {
        if (!new RegExp(`(?<![\\w-])${flag}(?![\\w-])`).test(text)) problems.push(`${post.file}: CLI ${r.version} adds \`${flag}\`, the post never names it`);
      }
      for (const name of [...r.gametypes, ...r.maps, ...r.commands]) {
        if (!text.includes(name)) problems.push(`${post.file}: CLI ${r.version} adds ${name}, the post never names it`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('names no version before its release, and announces no release the canon says went out quietly', () => {
    const problems: string[] = [];
    const known = new Map(releases.map((r) => [r.version, r]));
    for (const page of posts) {
      for (const s of page.sentences) {
        if (!/\bCLI\b|`serpent`|serpent --version/.test(s.text)) continue;
        for (const m of s.text.matchAll(/(?<![\d.%])(0\.\d+(?:\.\d+)?)(?![\d%])/g)) {
          const r = known.get(m[1]);
          if (!r) problems.push(`${page.file}:${s.line}: CLI ${m[1]} is not a release in the canon`);
          else if (r.date > page.date) problems.push(`${page.file}:${s.line}: CLI ${m[1]} comes out on ${r.date}`);
          else if (!r.post && r.date === page.date) problems.push(`${page.file}:${s.line}: CLI ${m[1]} went out without a post`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('states only the defaults in force on the date of the post or page', () => {
    // "`--shrinkEveryNTurns` defaults to 20", "defaults `--hazardDamagePerTurn` to 14",
    // "a default `shrinkEveryNTurns` of 25" (a setting named without its dashes is its flag).
    // A flag written with its dashes is the CLI's; a bare setting name only in a sentence about the CLI.
    const claims: [RegExp, boolean][] = [
      [/`(--?[A-Za-z][\w-]*)`[^.;]{0,40}?\bdefaults? (?:to |of |is |stays )?`?(\w+(?:\.\d+)?)`?/g, false],
      [/\bdefaults? `(--?[A-Za-z][\w-]*)` to `?(\w+(?:\.\d+)?)`?/g, false],
      [/\ba default `([A-Za-z][\w.]*)` of `?(\w+(?:\.\d+)?)`?/g, true],
    ];
    const flagFor = (name: string) => longFlag(name.startsWith('-') ? name : `--${name.replace(/^royale\./, '')}`);
    const problems: string[] = [];
    let found = 0;
    for (const page of [...posts, ...docs]) {
      for (const s of page.sentences) {
        const aboutCli = /\bCLI\b|serpent play|`serpent`/.test(s.text);
        for (const [re, needsCli] of claims) {
          if (needsCli && !aboutCli) continue;
          for (const m of s.text.matchAll(re)) {
            const flag = flagFor(m[1]);
            const want = defaultOn(flag, page.date);
            if (want === undefined) continue;
            found++;
            if (m[2] !== want) problems.push(`${page.file}:${s.line}: "${m[0]}", but \`${flag}\` defaults to ${want} on ${page.date}`);
          }
        }
      }
    }
    expect(found).toBeGreaterThan(3);
    expect(problems).toEqual([]);
  });

  it("agrees with the docs' data on today's defaults (content/data/cli-flags.yml and ruleset-settings.yml)", () => {
    const read = (f: string) => parse(readFileSync(path.join(root, 'content/data', f), 'utf8')) as Record<string, unknown>[];
    const flags = read('cli-flags.yml');
    const settings = read('ruleset-settings.yml');
    const today = releases.at(-1)!.date;
    const flagged = new Set(releases.flatMap((r) => Object.keys(r.defaults)));
    expect(flagged.size).toBeGreaterThan(5);
    for (const flag of flagged) {
      const setting = settings.find((s) => s.flag === flag);
      const entry = flags.find((f) => f.id === flag);
      const stated = setting ? String(setting.cli) : String(entry?.default).replace(/`/g, '');
      expect(stated, `${flag} in the docs' data`).toBe(defaultOn(flag, today));
    }
  });
});
