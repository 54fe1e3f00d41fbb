import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds the slowest files took on this 2-core machine (browser files: CI, 24-11-2026; node and jsdom files:
 * see below). Two files run at a time; started last, a long file runs alone at the end while the other worker is idle. Without a results cache (a clean
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
  // The node and jsdom files, from a per-file JSON report of the whole step (27-11-2026, a busy machine: the figures
  // are about 1.5 times a quiet run's; only their order matters). The 30 slowest.
  'log-chain.test.ts': 171,
  'tenant-dialog.dom.test.tsx': 168,
  'clearance-wizard.dom.test.tsx': 168,
  'crash-restart.test.ts': 150,
  'replicas.test.ts': 121,
  'tracker-dialog.dom.test.tsx': 110,
  'pglite-folder-lock.test.ts': 107,
  'tenants-page.dom.test.tsx': 104,
  'landlord-stepper.dom.test.tsx': 102,
  'landlord-office-page.dom.test.tsx': 94,
  'applications-permissions.test.ts': 71,
  'anonymous-rate-limit.test.ts': 67,
  'landlord-page.dom.test.tsx': 64,
  'signin-throttle.test.ts': 60,
  'signin-crash.test.ts': 55,
  'anonymous-clearance.model.test.ts': 52,
  'password-change-dialog.dom.test.tsx': 50,
  'staff-user-dialog.dom.test.tsx': 49,
  'clearance-stories.dom.test.tsx': 49,
  'tenant-profile.dom.test.tsx': 49,
  'applications-lists.test.ts': 43,
  'signin-lockout.test.ts': 41,
  'anonymous-rate-limit-replicas.test.ts': 40,
  'trusted-proxies.test.ts': 40,
  'contract-fuzz.test.ts': 38,
  'workflows-page.dom.test.tsx': 38,
  'live-numbers.dom.test.tsx': 37,
  'tenant-applications.dom.test.tsx': 37,
  'status-notifications.test.ts': 36,
  'clearance-landlord-page.dom.test.tsx': 35,
};

const secondsOf = (file: TestSpecification): number => SLOW_FILES[path.basename(file.moduleId)] ?? 0;

/** Vitest's own order (its results cache, else file size), with the known slow files moved to the front. */
export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    return [...ordered].sort((a, b) => secondsOf(b) - secondsOf(a));
  }
}
