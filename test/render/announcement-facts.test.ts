import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SitegenError } from '../../src/diagnostics/sitegen-error.ts';
import { expandAnnouncementFacts } from '../../src/render/announcement-facts.ts';

// Issue 40 › E: the announcement bar's date comes from the data, like a page's.
let root: string;
beforeAll(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'announcement-facts-'));
  mkdirSync(path.join(root, 'content/data'), { recursive: true });
  writeFileSync(path.join(root, 'content/data/season.yml'), 'starts: 2024-01-08\nname: "Season <8>"\n');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const bar = (content: string) => ({ id: 'x', content, closeable: true });

describe('facts in the announcement bar', () => {
  it('are written out, escaped and marked', () => {
    expect(expandAnnouncementFacts({ root, bar: bar(':fact[season.name] starts on :fact[season.starts]{date="MMMM D, YYYY"}. <a href="/x">More</a>') })?.content)
      .toBe('<span data-fact="season.name">Season &lt;8&gt;</span> starts on <span data-fact="season.starts">January 8, 2024</span>. <a href="/x">More</a>');
  });

  it('leave a bar without facts as it is', () => {
    const plain = bar('Hello');
    expect(expandAnnouncementFacts({ root, bar: plain })).toBe(plain);
    expect(expandAnnouncementFacts({ root, bar: undefined })).toBeUndefined();
  });

  it('fail the build at the config with the closest key', () => {
    const error = (() => {
      try {
        expandAnnouncementFacts({ root, bar: bar('From :fact[season.start]{date}') });
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(SitegenError);
    const [d] = (error as SitegenError).diagnostics;
    expect(`${d.file}  ${d.message}  ${d.ruleId}`).toBe(
      'site.config.ts  announcementBar.content: Cannot find `season.start` in `content/data/season.yml`: `season` has no `start`; did you mean `season.starts`?  markdown/data-key',
    );
  });
});
