import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    // Browser tests walk many pages; on two loaded cores a passing one took up to 28 s (measured beside five other
    // engineers' work), too close to 30.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two cores: browser tests and socket floods are heavy; keep two files at a time.
    maxWorkers: 2,
    // One module graph per worker, not per file: every file imports the whole app, and re-evaluating it per file
    // cost about 430 s of CPU in a full run. Files keep their state in their own contexts (own database, Redis
    // prefix, data directory); process caches are keyed by what differs between files (ids, URLs, directories).
    isolate: false,
    // One retry for a test that fails under a loaded two-core machine (a browser step or a projection's lag beyond
    // its wait); a retried test still asserts everything. Failures that repeat still fail the run.
    retry: 1,
    reporters: ['default'],
  },
});
