import { defineConfig } from 'vitest/config';

// One config for the whole suite. Browser tests (test/browser) build the real site once in
// their global setup and drive Debian's Chromium; they skip loudly when Chromium is missing,
// except under CI=true where a missing browser fails the run.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    reporters: ['default'],
  },
});
