import { defineProject } from 'vitest/config';

// API tests boot a full app on a fresh database per call; PGlite start-up and migrations
// take a second or two on a shared CPU, hence the generous timeouts.
export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
