import { API_BASE } from './api-base';

/**
 * `GET public/demo-mode` (docs/demo-and-production.md): whether this server publishes citizens' one-time passwords
 * at /dev/outbox (MRSS_DEMO), so that every page can say so. The same answer for everyone, no personal data, cached
 * by the browser. Kept free of zod, like api-base.ts, because every page's first load imports it.
 */
/** The endpoint's path under the API prefix (DEV_OUTBOX_ENDPOINTS.demoMode is declared from it). */
export const DEMO_MODE_PATH = '/public/demo-mode';
export const DEMO_MODE_URL = `${API_BASE}${DEMO_MODE_PATH}`;

export interface DemoModeReply {
  /** True while anyone may read the outbox at /dev/outbox. */
  outboxReadable: boolean;
}

/** How long a browser keeps the answer: a server changes mode only by a restart with other settings. */
export const DEMO_MODE_MAX_AGE_S = 300;

export const DEMO_BANNER_TEXT =
  'Demonstration mode: one-time passwords are readable by anyone at /dev/outbox. Do not enter real personal data.';

/** The same on a phone, where the full sentence took three lines (15 % of a 740 px screen) over the page. */
export const DEMO_BANNER_SHORT_TEXT = 'Demo: one-time passwords are public (/dev/outbox). No real data.';

/** Narrows an answer of unknown shape (the web parses it without zod); anything else means "not demo". */
export function isDemoModeReply(value: unknown): value is DemoModeReply {
  return typeof value === 'object' && value !== null && (value as DemoModeReply).outboxReadable === true;
}
