import { defineConfig } from 'vitest/config';
import SlowFirstSequencer from './tests/support/slow-first-sequencer';
import { reportersWithTimings } from './tests/support/file-timings';
import react from '@vitejs/plugin-react';

// Unit, machine, server and jsdom suites. Browser journeys live in vitest.e2e.config.ts.
export default defineConfig({
  plugins: [react()],
  test: {
    // Two files at a time. Vitest's default is one fewer than the cores, one on this 2-core machine; the server
    // suites wait on the database and the jsdom files on timers, so two fill both cores: 637 s against about
    // 850 s for the node and jsdom step (docs/measurements.md).
    maxWorkers: 2,
    sequence: { sequencer: SlowFirstSequencer },
    reporters: reportersWithTimings('node-and-jsdom'),
    // A poll waits on another process or timer (a child server's output), which a busy machine delays past vitest's
    // 1 s default; a poll that should pass does so at once, so a longer limit only spares false failures.
    expect: { poll: { timeout: 10_000 } },
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          globalSetup: ['tests/support/db-templates.global-setup.ts'],
          include: [
            'tests/machines/**/*.test.ts',
            'tests/server/**/*.test.ts',
            'tests/contract/**/*.test.ts',
            'tests/support/**/*.test.ts',
          ],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Records the machines' transitions for the model coverage report only when asked (npm run test:model,
          // CI): a plain run loads nothing more (docs/model-coverage.md).
          setupFiles: process.env.MODEL_COVERAGE_DIR ? ['tests/support/model-coverage/record-setup.ts'] : [],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['tests/web/**/*.dom.test.tsx'],
          setupFiles: ['tests/support/dom-setup.ts'],
          // A story's play renders and clicks through a whole view in jsdom: on a machine with every core busy that
          // took past 20 s (issue 21, part 5). The limit only stops a hung test; it says nothing about speed.
          testTimeout: 60_000,
        },
      },
    ],
  },
});
