import { afterEach, describe, expect, it } from 'vitest';
import { copyFixture, type SiteCopy } from '../helpers/copy-fixture.ts';
import { buildInMemory } from '../helpers/build-helpers.ts';

// Issue 13: a front matter `title` plus a leading `# Heading` gave two <h1>. As in Docusaurus,
// the body's heading is the page's <h1> and the title names the page (<title>, sidebar).

let site: SiteCopy | undefined;
afterEach(() => site?.cleanup());

const h1s = (html: string) => [...html.matchAll(/<h1\b([^>]*)>(.*?)<\/h1>/g)].map((m) => `${/id="([^"]*)"/.exec(m[1])?.[1] ?? ''}|${m[2]}`);

describe('front matter title and a leading # heading', () => {
  it('shows one <h1>, the body heading with its id; the title names the page; #links to it hold', async () => {
    site = copyFixture('errors-site');
    site.write('content/docs/setup.md', '---\ntitle: Setup guide\n---\n\n# Setting up your server\n\nText.\n\n## Next steps\n\nBack to [the top](#setting-up-your-server).\n');
    site.write('content/docs/other.md', '# Other\n\nSee [setup](/setup#setting-up-your-server).\n');
    site.write('content/blog/2024-03-01-both.md', '---\ntitle: Short title\n---\n\n# A longer heading for the post\n\nBody.\n');
    const { out } = await buildInMemory(site.root);
    const doc = out.text('setup.html')!;
    expect(h1s(doc)).toEqual(['setting-up-your-server|Setting up your server']);
    expect(doc).toMatch(/<title>Setup guide \| Errors Fixture<\/title>/);
    expect(out.text('other.html')!).toContain('href="/setup#setting-up-your-server"');
    const post = out.text('blog/2024/03/01/both.html')!;
    expect(h1s(post)).toEqual(['a-longer-heading-for-the-post|A longer heading for the post']);
    expect(post).toMatch(/<title>Short title \| Errors Fixture<\/title>/);
  });

  it('takes the heading as the title when there is no front matter title (one <h1>, as before)', async () => {
    site = copyFixture('errors-site');
    site.write('content/docs/setup.md', '# Setting up\n\nText.\n');
    const { out } = await buildInMemory(site.root);
    expect(h1s(out.text('setup.html')!)).toEqual(['|Setting up']);
  });
});
