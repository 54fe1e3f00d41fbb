import type { Db } from '../db/client';
import { sealLogChain } from './log-chain';

/** How often the server seals the records written since the last round (docs/log-records.md). */
export const SEAL_INTERVAL_MS = 2000;

/**
 * Seals the log every `intervalMs` in the background: never on the request path, so a workflow step or a
 * sign-in never waits for the chain. A round that finds another replica sealing leaves the work to it; a failed
 * round is logged and the next one tries again. Returns the function that stops it.
 */
export function startLogSealer(options: {
  db: Db;
  log: (message: string) => void;
  intervalMs?: number;
}): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sealLogChain(options.db, { wait: false })
      .catch((err: unknown) => options.log(`log sealing failed: ${(err as Error).message}`))
      .finally(() => (running = false));
  }, options.intervalMs ?? SEAL_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
