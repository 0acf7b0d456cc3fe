import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { browserScript, compileCached } from '../../src/util/browser-script.ts';
import { CACHE_DIR } from '../../src/util/package-root.ts';

// Issue 28 › 4: sitegen's inline browser scripts are TypeScript modules compiled by esbuild,
// kept in the cache folder so that a build compiles one only after it changed.
describe('browserScript', () => {
  const entry = 'src/dev/live-reload.browser.ts';
  const dir = path.join(CACHE_DIR, 'browser-scripts');

  const cached = () => readdirSync(dir).filter((f) => f.startsWith('live-reload.browser-') && f.endsWith('.json'));

  it('compiles the module once into the cache folder and puts the settings in its placeholder', async () => {
    // A fresh copy of the module, whose memo is empty even where an earlier test file of this
    // worker (the unit project shares modules between files) compiled the script already: its
    // first call compiles (into an empty folder: no older version of the script).
    vi.resetModules();
    const { browserScript } = await import('../../src/util/browser-script.ts');
    rmSync(dir, { recursive: true, force: true });
    const code = browserScript({ entry, placeholder: '__SITEGEN_DEV__', settings: { events: '/e?a=<b>' } });
    expect(cached()).toHaveLength(1);
    const record = JSON.parse(readFileSync(path.join(dir, cached()[0]!), 'utf8')) as { inputs: Record<string, string>; code: string };
    // Each file it was compiled from, with its hash.
    expect(record.inputs[entry]).toBe(createHash('sha256').update(readFileSync(entry)).digest('hex'));
    const compiled = record.code;
    expect(compiled).toContain('__SITEGEN_DEV__');
    expect(code).toBe(compiled.replace('__SITEGEN_DEV__', '{"events":"/e?a=\\u003cb>"}'));
    // Later calls in the process reuse the compiled code even when the cache folder is gone.
    rmSync(dir, { recursive: true, force: true });
    expect(browserScript({ entry, placeholder: '__SITEGEN_DEV__', settings: { events: '/x' } })).toBe(compiled.replace('__SITEGEN_DEV__', '{"events":"/x"}'));
  });

  it('compiles again when a file it was compiled from changed (a module the script imports too)', () => {
    // A script of its own: the fake entries written here must never reach a dev test's pages.
    const probe = 'test/fixtures/browser-script/probe.browser.ts';
    compileCached(probe);
    const file = path.join(dir, readdirSync(dir).find((f) => f.startsWith('probe.browser-') && f.endsWith('.json'))!);
    const record = JSON.parse(readFileSync(file, 'utf8')) as { inputs: Record<string, string>; code: string };
    expect(Object.keys(record.inputs).sort()).toEqual([probe, 'test/fixtures/browser-script/probe-greeting.ts'].sort());
    writeFileSync(file, JSON.stringify({ inputs: { ...record.inputs, 'test/fixtures/browser-script/probe-greeting.ts': 'an older hash' }, code: 'stale' }));
    expect(compileCached(probe)).toBe(record.code);
    // While every input is the same, the cache answers.
    writeFileSync(file, JSON.stringify({ inputs: record.inputs, code: 'from the cache' }));
    expect(compileCached(probe)).toBe('from the cache');
    rmSync(file);
  });

  it('refuses a placeholder the script does not use exactly once', () => {
    expect(() => browserScript({ entry, placeholder: '__NOT_THERE__', settings: {} }))
      .toThrow('Internal error: `src/dev/live-reload.browser.ts` must use `__NOT_THERE__` exactly once');
  });
});
