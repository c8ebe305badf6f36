import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two cores: browser tests and socket floods are heavy; keep two files at a time.
    maxWorkers: 2,
    reporters: ['default'],
  },
});
