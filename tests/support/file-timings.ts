import path from 'node:path';
import type { ViteUserConfig } from 'vitest/config';

type Reporters = NonNullable<NonNullable<ViteUserConfig['test']>['reporters']>;

/**
 * Vitest's reporters for a run: the default one, plus a JSON report of every file's time when TEST_TIMINGS_DIR is
 * set (CI sets it; `npx tsx tests/support/slowest-files.ts <dir>` prints the slowest files), so each rehearsal of
 * `.ci/run` says where its time went (docs/measurements.md, "CI time").
 */
export function reportersWithTimings(step: 'node-and-jsdom' | 'browser'): Reporters {
  const dir = process.env.TEST_TIMINGS_DIR;
  if (!dir) return ['default'];
  return ['default', ['json', { outputFile: path.join(dir, `${step}.json`) }]];
}
