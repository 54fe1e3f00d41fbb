import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Unit, machine, server and jsdom suites. Browser journeys live in vitest.e2e.config.ts.
export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'tests/machines/**/*.test.ts',
            'tests/server/**/*.test.ts',
            'tests/contract/**/*.test.ts',
            'tests/support/**/*.test.ts',
          ],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['tests/web/**/*.dom.test.tsx'],
          setupFiles: ['tests/support/dom-setup.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
