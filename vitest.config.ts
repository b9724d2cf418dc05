import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/test/**/*.test.ts', 'apps/*/test/**/*.test.ts', 'scripts/test/**/*.test.ts', 'e2e/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // expect.poll waits for a state; Vitest's 1 s default is shorter than a busy machine takes to
    // get there (CI read a tree count 1 s after a paste while the other core ran a test file)
    expect: { poll: { timeout: 15_000 } },
    // a PGlite cluster from initdb, copied into each new server's data folder (scripts/vitest-pglite.ts)
    globalSetup: ['scripts/vitest-pglite.ts'],
    pool: 'forks',
    // Two test files at a time: most files wait on servers, Chromium and child processes, so two
    // overlap well on a 2-core machine (Vitest's default there is one).
    maxWorkers: 2,
  },
});
