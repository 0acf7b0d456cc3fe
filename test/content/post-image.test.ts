import { afterEach, describe, expect, it } from 'vitest';
import { SitegenError } from '../../src/diagnostics/sitegen-error.ts';
import { formatDiagnostic } from '../../src/diagnostics/format-diagnostic.ts';
import { copyFixture, type SiteCopy } from '../helpers/copy-fixture.ts';
import { buildInMemory } from '../helpers/build-helpers.ts';

// Issue 13: a blog post's `image` front matter beside the post (`./img/cover.png`) became
// `https://site/./img/cover.png`; it resolves like an image in the body now.

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
let site: SiteCopy | undefined;
afterEach(() => site?.cleanup());

const post = (image: string) => `---\ntitle: Covered\ndescription: A post with a cover.\nimage: ${image}\n---\n\nBody.\n`;

describe('blog post image', () => {
  it('copies a relative image as a hashed asset and uses its absolute URL in og:image', async () => {
    site = copyFixture('errors-site');
    site.write('content/blog/2024-02-01-covered/index.md', post('./img/cover.png'));
    site.write('content/blog/2024-02-01-covered/img/cover.png', PNG);
    const { out } = await buildInMemory(site.root);
    const html = out.text('blog/2024/02/01/covered.html')!;
    const og = /<meta property="og:image" content="([^"]+)">/.exec(html)![1];
    expect(og).toMatch(/^https:\/\/errors\.fixture\.example\/assets\/images\/cover-[0-9a-f]{8}\.png$/);
    expect(out.files.has(new URL(og).pathname.slice(1))).toBe(true);
    expect(html).toContain(`<meta name="twitter:image" content="${og}">`);
  });

  it('reports a missing image at the line of its `image:` key', async () => {
    site = copyFixture('errors-site');
    site.write('content/blog/2024-02-01-covered.md', post('./img/missing.png'));
    const error = await buildInMemory(site.root).then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(SitegenError);
    expect((error as SitegenError).diagnostics.map((d) => formatDiagnostic(d).split('\n')[0])).toEqual([
      'content/blog/2024-02-01-covered.md:4:1  error  Cannot find the front matter image `./img/missing.png`  links/missing-image',
    ]);
  });
});
