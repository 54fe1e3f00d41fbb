import { z } from 'zod';
import { endpoint, fillPath } from './endpoint';
import { pageMetaSchema } from './paging';

/**
 * The Application Report (backoffice.md sections 2, 3, 5 and 7; docs/reports.md):
 * POST process/ReportGetApplication/{username}/{startDate}/{endDate}/{page}/{code} with the report filter as body.
 * `code` is the jurisdiction reported on: a police station (the supervisor's pick) or the verifier's district;
 * the filter may narrow it to a station, a locality and a sub-locality/ward inside it.
 */

/** The spec's four report status choices, in its order and words. */
export const REPORT_STATUSES = [
  { code: 'LARP', label: 'Pending at Sub-localities' },
  { code: 'LAVP', label: 'Pending at Localities' },
  { code: 'PLVP', label: 'Approved by Localities' },
  { code: 'RJT', label: 'Rejected by Localities' },
] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number]['code'];
const REPORT_STATUS_CODES = REPORT_STATUSES.map((s) => s.code) as [ReportStatus, ...ReportStatus[]];

export const REPORT_STATUS_REQUIRED = 'Please select an Application Status';
export const REPORT_PAGE_SIZE = 10;
/** The export reads the whole result in pages of this many rows (docs/reports.md, "The PDF"). */
export const REPORT_EXPORT_PAGE_SIZE = 1000;

const DATE_MESSAGE = 'must be a date written yyyy-MM-dd.';

/** A real calendar date written yyyy-MM-dd (2026-02-30 is refused). Shared with the insights contract. */
export const isoDate = (field: string) =>
  z.string().refine(
    (text) => {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
      const date = new Date(`${text}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
    },
    { error: `${field} ${DATE_MESSAGE}` },
  );

export const END_BEFORE_START = 'endDate: the end date must not be before the start date.';
export const END_AFTER_TODAY = 'endDate: the end date must not be after today.';

export const reportParamsSchema = z
  .object({
    username: z.string().trim().min(1, 'Username is required.').max(64, 'Username is too long.'),
    startDate: isoDate('startDate'),
    endDate: isoDate('endDate'),
    page: z
      .string()
      .regex(/^\d{1,7}$/, { error: 'The page number must be a whole number from 0.' })
      .transform(Number),
    code: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^(\d{4}|PS\d{7})$/, {
        error: 'The report code must be a police station code (PS1701001) or a district code (1701).',
      }),
  })
  .refine((p) => p.endDate >= p.startDate, { error: END_BEFORE_START, path: ['endDate'] });
export type ReportParams = z.infer<typeof reportParamsSchema>;

const optionalCode = (pattern: RegExp, message: string) =>
  z
    .string()
    .trim()
    .toUpperCase()
    .regex(pattern, message)
    .nullish()
    .or(z.literal('').transform(() => null));

/** The spec's report filter. Empty station, locality and ward mean "all of them inside the code". */
export const reportFilterSchema = z.object({
  policeStation: optionalCode(/^PS\d{7}$/, 'Give a police station code, e.g. PS1701001.'),
  locality: optionalCode(/^PS\d{7}LA\d{2}$/, 'Give a locality code, e.g. PS1701001LA01.'),
  localAuthority: optionalCode(
    /^PS\d{7}LA\d{2}W\d{2}$/,
    'Give a sub-locality/ward code, e.g. PS1701001LA01W01.',
  ),
  statuscode: z.enum(REPORT_STATUS_CODES, { error: REPORT_STATUS_REQUIRED }),
});
export type ReportFilter = z.input<typeof reportFilterSchema>;

export const reportQuerySchema = z.object({
  size: z
    .string()
    .regex(/^\d{1,4}$/, {
      error: `The page size must be a whole number from 1 to ${REPORT_EXPORT_PAGE_SIZE}.`,
    })
    .transform(Number)
    .refine((size) => size >= 1 && size <= REPORT_EXPORT_PAGE_SIZE, {
      error: `The page size must be a whole number from 1 to ${REPORT_EXPORT_PAGE_SIZE}.`,
    })
    .optional(),
});

/** A report row (the spec's Report row, with the columns the table shows beside the tenant's name). */
export const reportRowSchema = z.object({
  /** Sl no.: the row's place in the whole result, from 1. */
  slno: z.number().int(),
  applid: z.number().int(),
  landlordname: z.string(),
  /** 'Name (permanent address, occupation, N family members)', as the spec's tenantname. */
  tenantname: z.string(),
  occupation: z.string(),
  familyMembers: z.number().int(),
  permanentAddress: z.string(),
  rentaladdress: z.string(),
  /** The day the application was submitted (applied), yyyy-MM-dd in India: the date the range applies to. */
  submittedOn: z.string(),
});
export type ReportRow = z.infer<typeof reportRowSchema>;

export const reportPageSchema = pageMetaSchema.extend({ applDto: z.array(reportRowSchema) });
export type ReportPage = z.infer<typeof reportPageSchema>;

/** The report's path, as the browser builds it. */
export function reportPath(p: {
  username: string;
  startDate: string;
  endDate: string;
  page: number;
  code: string;
}): string {
  return fillPath(REPORT_ENDPOINTS.report.path, p).replace(/^\//, '');
}

/** The report: VERIFIER (its district) and SUPERVISOR (any police station); the username must be the caller's. */
export const REPORT_ENDPOINTS = {
  report: endpoint({
    method: 'POST',
    path: '/process/ReportGetApplication/:username/:startDate/:endDate/:page/:code',
    access: { staff: ['VERIFIER', 'SUPERVISOR'] },
    tag: 'reports',
    params: reportParamsSchema,
    query: reportQuerySchema,
    body: reportFilterSchema,
    reply: reportPageSchema,
  }),
};
