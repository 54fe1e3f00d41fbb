import {
  CHAIN_REPORT_FRESH_MS,
  type ChainReport,
  type ChainStatus,
} from '../../contract/log-records.contract';
import type { Db } from '../db/client';
import { checkLogChain } from './log-chain-check';

interface Monitor {
  latest: ChainReport | null;
  latestAt: number;
  running: Promise<void> | null;
  failure: string | null;
}

/**
 * The admin view's check, one per database handle (docs/log-records.md): a call answers at once with the newest
 * finished report; a report older than CHAIN_REPORT_FRESH_MS (or none) starts a walk in the background, and calls
 * made while it runs share it. Only a cache of a read: any replica can answer, each with its own walks.
 */
const monitors = new WeakMap<Db, Monitor>();

export function chainStatus(db: Db, now: () => Date, log: (err: unknown) => void): ChainStatus {
  let monitor = monitors.get(db);
  if (!monitor) {
    monitor = { latest: null, latestAt: 0, running: null, failure: null };
    monitors.set(db, monitor);
  }
  const state = monitor;
  if (!state.running && now().getTime() - state.latestAt >= CHAIN_REPORT_FRESH_MS) {
    state.running = checkLogChain(db, { now })
      .then(
        (report) => {
          state.latest = report;
          state.failure = null;
        },
        (err: unknown) => {
          log(err);
          state.failure = 'The chain could not be checked: the database did not answer. Please try again.';
        },
      )
      .finally(() => {
        state.latestAt = now().getTime();
        state.running = null;
      });
  }
  return { running: state.running !== null, report: state.latest, failure: state.failure };
}
