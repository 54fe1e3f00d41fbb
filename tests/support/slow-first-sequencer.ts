import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds the slowest files took in CI on this 2-core machine (24-11-2026). Two files run at a time; started
 * last, a long file runs alone at the end while the other worker is idle. Without a results cache (a clean
 * clone) Vitest orders files by size, and the short files of the menu walk hold the longest runs. Starting the
 * long files first packs the two workers evenly. A stale figure only changes the order, never a result.
 */
const SLOW_FILES: Record<string, number> = {
  'citizen-to-certificate.e2e.ts': 130,
  'menu-walk-first-half.e2e.ts': 90,
  'menu-walk-second-half.e2e.ts': 90,
  'landlord-journey.e2e.ts': 63,
  'tenant-journey.e2e.ts': 63,
  'landlord-office.e2e.ts': 54,
  'tracker.e2e.ts': 42,
  'contract-fuzz.test.ts': 63,
  'landlord-page.dom.test.tsx': 39,
  'log-chain.test.ts': 34,
  'applications-permissions.test.ts': 32,
  'tenant-dialog.dom.test.tsx': 25,
  'replicas.test.ts': 23,
  'tenant-profile.dom.test.tsx': 22,
  'pglite-folder-lock.test.ts': 21,
  'crash-restart.test.ts': 20,
};

const secondsOf = (file: TestSpecification): number => SLOW_FILES[path.basename(file.moduleId)] ?? 0;

/** Vitest's own order (its results cache, else file size), with the known slow files moved to the front. */
export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    return [...ordered].sort((a, b) => secondsOf(b) - secondsOf(a));
  }
}
