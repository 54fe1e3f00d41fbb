import { defineConfig } from 'vitest/config';
import SlowFirstSequencer from './tests/support/slow-first-sequencer';
import { reportersWithTimings } from './tests/support/file-timings';

// Browser journeys: real Chromium (playwright-core) against the built app and a real server.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/support/e2e-global-setup.ts'],
    sequence: { sequencer: SlowFirstSequencer },
    reporters: reportersWithTimings('browser'),
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // A poll waits for the browser (a camera starting, a list refreshing), which on a busy machine can take seconds:
    // vitest's 1 s default failed a phone journey while the fake camera started (CI, 2026-11-27).
    expect: { poll: { timeout: 15_000 } },
    // Two files at a time: each has its own server (free port, throwaway data folder) and its own Chromium, and a
    // journey spends much of its time waiting (animations settling, polls), so two share the 2 CPUs well:
    // the suite took 317 s this way against about 450 s one file at a time (docs/measurements.md).
    fileParallelism: true,
    maxWorkers: 2,
  },
});
