import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteFence, type SiteFence } from '../../src/content/site-fence.ts';
import { SitegenError } from '../../src/diagnostics/sitegen-error.ts';
import { expandAnnouncementFacts } from '../../src/render/announcement-facts.ts';

// Issue 40 › E: the announcement bar's date comes from the data, like a page's.
let root: string;
let outside: string;
let fence: SiteFence;
beforeAll(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'announcement-facts-'));
  outside = mkdtempSync(path.join(os.tmpdir(), 'announcement-outside-'));
  mkdirSync(path.join(root, 'content/data'), { recursive: true });
  writeFileSync(path.join(root, 'content/data/season.yml'), 'starts: 2024-01-08\nname: "Season <8>"\nregions:\n  - { name: Europe, location: Netherlands }\n  - { name: US-East, location: Virginia }\n');
  writeFileSync(path.join(outside, 'secret.yml'), 'token: abc\n');
  symlinkSync(path.join(outside, 'secret.yml'), path.join(root, 'content/data/secret.yml'));
  fence = createSiteFence({ root });
});
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

/** The error `expandAnnouncementFacts` throws for `content`, as `file  message  ruleId`. */
function failure(content: string): string {
  try {
    expandAnnouncementFacts({ fence, bar: bar(content) });
  } catch (e) {
    expect(e).toBeInstanceOf(SitegenError);
    const [d] = (e as SitegenError).diagnostics;
    return `${d.file}  ${d.message}  ${d.ruleId}`;
  }
  return 'no error';
}

const bar = (content: string) => ({ id: 'x', content, closeable: true });

describe('facts in the announcement bar', () => {
  it('are written out, escaped and marked', () => {
    expect(expandAnnouncementFacts({ fence, bar: bar(':fact[season.name] starts on :fact[season.starts]{date="MMMM D, YYYY"}. <a href="/x">More</a>') })?.content)
      .toBe('<span data-fact="season.name">Season &lt;8&gt;</span> starts on <span data-fact="season.starts">January 8, 2024</span>. <a href="/x">More</a>');
  });

  it('read options whose quoted values hold braces, as an item template does', () => {
    expect(expandAnnouncementFacts({ fence, bar: bar('In :fact[season.regions]{item="{name} ({location})" and}.') })?.content)
      .toBe('In <span data-fact="season.regions">Europe (Netherlands) and US-East (Virginia)</span>.');
  });

  it('leave a bar without facts as it is', () => {
    const plain = bar('Hello');
    expect(expandAnnouncementFacts({ fence, bar: plain })).toBe(plain);
    expect(expandAnnouncementFacts({ fence, bar: undefined })).toBeUndefined();
  });

  it('fail the build at the config with the closest key', () => {
    expect(failure('From :fact[season.start]{date}')).toBe(
      'site.config.ts  announcementBar.content: Cannot find `season.start` in `content/data/season.yml`: `season` has no `start`; did you mean `season.starts`?  markdown/data-key',
    );
  });

  it('never read a data file that links outside the site folder (the site fence, as for pages)', () => {
    expect(failure(':fact[secret.token]')).toMatch(/^site\.config\.ts {2}announcementBar\.content: Cannot read `content\/data\/secret\.yml`: it links to `.*secret\.yml`, outside the site folder {2}markdown\/data-source$/);
  });
});
