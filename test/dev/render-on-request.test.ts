import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createDevHandler } from '../../src/dev/dev-handler.ts';
import { createDevSession } from '../../src/dev/dev-session.ts';
import { createLiveReload } from '../../src/dev/live-reload.ts';
import { OutputStore } from '../../src/dev/output-store.ts';
import { silentLogger } from '../../src/diagnostics/logger.ts';
import { copyFixture } from '../helpers/copy-fixture.ts';

// Issue #38 › 5: on a big site, dev renders most pages when they are first requested. A theme
// component that throws then is reported as a build reports it (the theme file and line, the
// page, the rule and the hint), not as a raw stack.

const site = copyFixture('dev-site');
let server: Server | undefined;
afterAll(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  site.cleanup();
});

describe('a page rendered on request that fails', () => {
  it('prints and shows the formatted diagnostic a build gives', async () => {
    site.write('theme/docs/breadcrumbs.tsx', "export function Breadcrumbs(): never {\n  throw new Error('crumbs exploded');\n}\n");
    const store = new OutputStore();
    const session = createDevSession({ root: site.root, store, eagerLimit: 2 });
    try {
      const outcome = await session.rebuild();
      expect(outcome.ok).toBe(true);
      const printed: string[] = [];
      const handler = createDevHandler({
        store, liveReload: createLiveReload(), building: () => false,
        logger: { ...silentLogger, error: (message) => printed.push(message) },
      });
      server = createServer(handler);
      await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/guide`);
      const body = await response.text();
      expect(response.status).toBe(500);
      const report = printed.join('\n');
      // At the theme file and line, naming the page and its Markdown file, with the rule and hint.
      expect(report).toMatch(/^theme\/docs\/breadcrumbs\.tsx:2:\d+ {2}error {2}Cannot render `\/guide` from `content\/docs\/guide\.md` with the theme: crumbs exploded {2}theme\/render$/m);
      expect(report).toContain('  hint: A component of the theme threw while rendering this page');
      expect(report).not.toMatch(/^\s+at /m);
      expect(body).toContain('crumbs exploded  theme/render');
    } finally {
      await session.close();
    }
  });
});
