import { z } from 'zod';
import { DEMO_MODE_PATH, type DemoModeReply } from './demo-mode.contract';
import { endpoint } from './endpoint';
import { outboxEntrySchema, outboxQuerySchema } from './otp.contract';

// The demonstration outbox's endpoints (docs/demo-and-production.md), apart from demo-mode.contract.ts, which every
// page's first load imports and so stays free of zod (the web asks public/demo-mode through DEMO_MODE_URL).

export const demoModeReplySchema = z.object({
  outboxReadable: z.boolean(),
}) satisfies z.ZodType<DemoModeReply>;

export const DEV_OUTBOX_ENDPOINTS = {
  /** Always registered: the pages' banner asks it. */
  demoMode: endpoint({
    method: 'GET',
    path: DEMO_MODE_PATH,
    access: { public: true },
    tag: 'demo',
    reply: demoModeReplySchema,
  }),
  /** Registered in demo mode only (MRSS_DEMO): newest first, `?to=` filters by address or number. */
  outbox: endpoint({
    method: 'GET',
    path: '/dev/outbox',
    access: { public: true },
    tag: 'demo',
    query: outboxQuerySchema,
    reply: outboxEntrySchema.array(),
  }),
};
