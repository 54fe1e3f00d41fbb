import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds the slowest files took in CI on this 2-core machine (24-11-2026, the menu walk after the axe change). Two files run at a time; started
 * last, a long file runs alone at the end while the other worker is idle. Without a results cache (a clean
 * clone) Vitest orders files by size, and the short files of the menu walk hold the longest runs. Starting the
 * long files first packs the two workers evenly. A stale figure only changes the order, never a result.
 */
const SLOW_FILES: Record<string, number> = {
  'citizen-to-certificate.e2e.ts': 118,
  'menu-walk-first-half.e2e.ts': 80,
  'menu-walk-second-half.e2e.ts': 80,
  'tenant-journey.e2e.ts': 58,
  'landlord-journey.e2e.ts': 54,
  'workflows.e2e.ts': 48,
  'landlord-office.e2e.ts': 46,
  'tracker.e2e.ts': 45,
  'staff-journeys.e2e.ts': 36,
  'office-application.e2e.ts': 36,
  'event-export.e2e.ts': 35,
  'clearance.e2e.ts': 35,
  'contract-fuzz.test.ts': 120,
  // Issue 20's suites, ordered by their time in one run of them together on a busy machine (27-11-2026).
  'safe-defaults.test.ts': 33,
  'safe-defaults-journey.test.ts': 27,
  'trusted-proxies.test.ts': 25,
  'reach-never-self-granted.test.ts': 15,
  'anonymous-rate-limit-replicas.test.ts': 13,
  'landlord-page.dom.test.tsx': 37,
  'applications-permissions.test.ts': 30,
  'tenant-profile.dom.test.tsx': 29,
  'tenant-dialog.dom.test.tsx': 26,
  'replicas.test.ts': 24,
  'pglite-folder-lock.test.ts': 22,
  'crash-restart.test.ts': 21,
  'clearance-wizard.dom.test.tsx': 17,
  'applications-large-count.test.ts': 17,
  'log-chain.test.ts': 16,
};

const secondsOf = (file: TestSpecification): number => SLOW_FILES[path.basename(file.moduleId)] ?? 0;

/** Vitest's own order (its results cache, else file size), with the known slow files moved to the front. */
export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    return [...ordered].sort((a, b) => secondsOf(b) - secondsOf(a));
  }
}
