import { z } from 'zod';
import { endpoint } from './endpoint';
import { pageMetaSchema } from './paging';

/**
 * The Log Records screen (backoffice.md: Log Records, `users/getlog`, the Log record entity; docs/log-records.md).
 * GET users/getlog?page&size&username&kind&from&to answers one page of records sorted by id ascending; GET
 * users/getlog/chain says whether the tamper-evident chain over the records is intact and where it breaks.
 */

/**
 * What sort of event a record is (the kind filter): sign-ins and their failures, logouts, OTPs issued and used,
 * workflow steps, refusals, changes made by administrators (stations, localities, wards, users, media, tenant
 * deletion), and everything else.
 */
export const AUDIT_KINDS = [
  'signin',
  'signin-failure',
  'logout',
  'otp-issue',
  'otp-use',
  'workflow',
  'refusal',
  'admin',
  'other',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

/** The filter's words for each kind. */
export const AUDIT_KIND_LABELS: Record<AuditKind, string> = {
  signin: 'Sign-in',
  'signin-failure': 'Sign-in failure',
  logout: 'Logout',
  'otp-issue': 'OTP issued',
  'otp-use': 'OTP used',
  workflow: 'Workflow step',
  refusal: 'Refusal',
  admin: 'Admin change',
  other: 'Other',
};

export const LOG_PAGE_SIZE = 20;
export const LOG_MAX_PAGE_SIZE = 100;
export const NO_LOG_RECORDS = 'No Records Found';
export const LOG_DATES_REVERSED = 'to: the end date must not be before the start date.';

const wholeNumber = (field: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,7}$/, { error: `${field}: must be a whole number from ${min} to ${max}.` })
    .transform(Number)
    .refine((n) => n >= min && n <= max, {
      error: `${field}: must be a whole number from ${min} to ${max}.`,
    });

const day = (field: string) => z.iso.date({ error: `${field}: must be a date written yyyy-MM-dd.` });

/**
 * The query of GET users/getlog. `page` is zero-based like every paged list of the spec; dates are days in India
 * (Asia/Kolkata), both included; `username` matches whole usernames regardless of case.
 */
export const logQuerySchema = z
  .object({
    page: wholeNumber('page', 0, 9_999_999).default(0),
    size: wholeNumber('size', 1, LOG_MAX_PAGE_SIZE).default(LOG_PAGE_SIZE),
    username: z
      .string()
      .trim()
      .max(64, { error: 'username: at most 64 characters.' })
      .optional()
      .transform((v) => v || undefined),
    kind: z.enum(AUDIT_KINDS, { error: `kind: must be one of ${AUDIT_KINDS.join(', ')}.` }).optional(),
    from: day('from').optional(),
    to: day('to').optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: LOG_DATES_REVERSED, path: ['to'] });
export type LogQuery = z.input<typeof logQuerySchema>;
export type LogFilter = z.output<typeof logQuerySchema>;

/** One record as the table shows it: the spec's ipAddress, remark, url and logdt, plus who and what kind. */
export const logRecordSchema = z.object({
  /** The record's own id (stable, what the chain check names); the spec's "row number" is `rowNumber`. */
  id: z.number().int(),
  rowNumber: z.number().int(),
  ipAddress: z.string().nullable(),
  remark: z.string(),
  url: z.string(),
  username: z.string().nullable(),
  kind: z.enum(AUDIT_KINDS),
  /** ISO time. */
  logdt: z.string(),
});
export type LogRecordDto = z.infer<typeof logRecordSchema>;

export const logPageSchema = pageMetaSchema.extend({ content: z.array(logRecordSchema) });
export type LogPage = z.infer<typeof logPageSchema>;

/** Why the chain is broken at a record. */
export const CHAIN_BREAKS = ['changed', 'missing'] as const;
export type ChainBreakReason = (typeof CHAIN_BREAKS)[number];

/** GET users/getlog/chain: the outcome of a full walk of the chain (sealing what was waiting first). */
export const chainReportSchema = z.object({
  intact: z.boolean(),
  /** Records walked (sealed records up to the break, or all of them). */
  checked: z.number().int(),
  /** Records written but not sealed yet (they join the chain within seconds). */
  unsealed: z.number().int(),
  /** The last sealed record: an auditor who notes its seq and hash can later prove nothing before it changed. */
  head: z.object({ seq: z.number().int(), id: z.number().int(), hash: z.string() }).nullable(),
  brokenAt: z
    .object({
      reason: z.enum(CHAIN_BREAKS),
      /** The place in the chain where the break is. */
      seq: z.number().int(),
      /** The record at that place (changed), or the first record after the missing ones (missing; null at the end). */
      id: z.number().int().nullable(),
      message: z.string(),
    })
    .nullable(),
  checkedAt: z.string(),
  durationMs: z.number(),
});
export type ChainReport = z.infer<typeof chainReportSchema>;

/**
 * GET users/getlog/chain: the newest finished check and whether one is running. A walk of a million records takes
 * seconds, longer than a request should wait: a call answers at once, starting a new walk when the newest report is
 * older than CHAIN_REPORT_FRESH_MS, and the page asks again while one runs.
 */
export const chainStatusSchema = z.object({
  running: z.boolean(),
  report: chainReportSchema.nullable(),
  /** Why the last walk could not finish (the database failed), if it did not. */
  failure: z.string().nullable(),
});
export type ChainStatus = z.infer<typeof chainStatusSchema>;

export const CHAIN_REPORT_FRESH_MS = 10_000;

const onlyAdmin = { staff: ['ADMIN'] } as const;

/** The Log Records calls, ADMIN only: a page of records (filtered), and the state of the chain. */
export const LOG_RECORD_ENDPOINTS = {
  page: endpoint({
    method: 'GET',
    path: '/users/getlog',
    access: onlyAdmin,
    tag: 'log records',
    query: logQuerySchema,
    reply: logPageSchema,
  }),
  chain: endpoint({
    method: 'GET',
    path: '/users/getlog/chain',
    access: onlyAdmin,
    tag: 'log records',
    reply: chainStatusSchema,
  }),
};
