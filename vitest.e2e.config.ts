import { defineConfig } from 'vitest/config';

// Browser journeys: real Chromium (playwright-core) against the built app and a real server.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['tests/e2e/**/*.e2e.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
