import { configDefaults, defineConfig } from 'vitest/config';

// Two projects. Browser tests (test/browser) build the real site and the browser fixtures once
// in their global setup (which runs only when browser tests are selected) and drive Debian's
// Chromium; they skip loudly when Chromium is missing, except under CI=true where a missing
// browser fails the run. They run after the unit tests, so that Chromium and the CPU-heavy
// builds of the unit tests do not slow each other down on small machines.
export default defineConfig({
  test: {
    // Generous: a test waits on builds and servers; a busy machine makes it slower, not red (at a
    // load average of 28 on this 2-core machine, a test that takes 5 s idle took 109 s).
    testTimeout: 300_000,
    hookTimeout: 300_000,
    // A poll waits for a state, not for a speed (Vitest's default gives up after 1 s).
    expect: { poll: { timeout: 60_000 } },
    pool: 'forks',
    reporters: ['default'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
          exclude: [...configDefaults.exclude, 'test/browser/**', 'test/fixtures/**'],
          // Vitest's default (cores − 1) is one file at a time on a 2-core machine; much of a
          // file's time is importing and waiting on builds and watchers, so two overlap well
          // (the unit project took 400 s one at a time, 328 s two at a time, here).
          maxWorkers: 2,
          // One module graph per worker, shared by the files it runs: importing sitegen's modules
          // afresh for each of the ~220 files cost 186 s of the unit project's 625 s here (30 s
          // shared, 420 s in all). A test that needs a module's first state in the process
          // imports a fresh copy (`vi.resetModules()`), and one that changes the environment
          // puts it back.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          globalSetup: ['test/browser/setup.ts'],
          // A test waits up to a minute for each step (test/browser/harness.ts); several may be slow.
          testTimeout: 300_000,
          sequence: { groupOrder: 1 },
          // One module graph per worker, as in the unit project: each file imported playwright-core
          // and the harness afresh (~1.3 s of import per file, 46 s over the project). The harness
          // keeps its state per file (useBrowser), and the global setup's values come by inject.
          isolate: false,
          // The browser phase is CPU-bound on this 2-core machine: with three files at a time,
          // vmstat showed 0-2 % idle and a run queue of 12-15 throughout (ci14). More files at a
          // time only slow each test down (four starved Chromium: an End press that never
          // scrolled in 120 s); two keep both cores busy where Vitest's default would use one.
          maxWorkers: 2,
          // A poll waits for the page, not for a speed: on a busy machine a first search or a
          // client navigation can take seconds, so a slow run is slower, never red.
          expect: { poll: { timeout: 60_000 } },
        },
      },
    ],
  },
});
