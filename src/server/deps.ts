import { systemClock, type Clock } from './clock';
import type { Config } from './config';
import type { Db } from './db/client';
import type { Notifier } from './notify/message';
import { createNotifier } from './notify/notifier';

// What the server is built from (docs/architecture.md, "Dependencies"): the caller of buildApp gives the database
// and the configuration, and may replace the clock, the notifier or the web folder (tests); buildApp fills the rest
// once (completeDeps), so every route and service below gets complete parts and never picks a default of its own.

/** What buildApp is given. */
export interface AppOptions {
  db: Db;
  config: Config;
  /** The system clock when absent. */
  clock?: Clock;
  /** Folder with the built web app; served with history fallback when it exists. */
  webRoot?: string;
  /** Delivers OTPs and notifications; built from the config (outbox, SMTP, SMS webhook) when absent. */
  notifier?: Notifier;
}

/** What every route and service gets: the options with their defaults filled in. */
export interface AppDeps extends AppOptions {
  clock: Clock;
  notifier: Notifier;
}

/** Fills the defaults of the options, once, for buildApp. */
export function completeDeps(options: AppOptions): AppDeps {
  const clock = options.clock ?? systemClock;
  return { ...options, clock, notifier: options.notifier ?? createNotifier({ ...options, clock }) };
}
