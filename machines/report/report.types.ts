import type { Notice } from '../access/failures';

/** What the Application Report asks the server (docs/reports.md): dates are yyyy-MM-dd. */
export interface ReportQuery {
  username: string;
  startDate: string;
  endDate: string;
  /** The node reported on: the supervisor's police station or the verifier's district. */
  code: string;
  policeStation: string | null;
  locality: string | null;
  localAuthority: string | null;
  statuscode: 'LARP' | 'LAVP' | 'PLVP' | 'RJT';
}

/** One page of the report as the machine needs it; the rows are the view's business. */
export interface ReportResult<Row = unknown> {
  applDto: Row[];
  totalElements: number;
  totalPages: number;
  pageNumber: number;
}

export interface LoadReportInput {
  query: ReportQuery;
  page: number;
}

export interface ExportReportInput {
  query: ReportQuery;
  total: number;
}

export interface ReportContext {
  /** The query last submitted: paging and the export read this, not fields being edited since. */
  query: ReportQuery | null;
  page: number;
  result: ReportResult | null;
  notice: Notice | null;
}

export type ReportEvent =
  | { type: 'report.submit'; query: ReportQuery }
  | { type: 'report.page'; page: number }
  | { type: 'report.export' };

/** The spec's words (backoffice.md sections 2 and 8). */
export const REPORT_MESSAGES = {
  found: (n: number) => `Found ${n} application(s) !`,
  noneFound: 'No applications found!',
  emptyTable: 'No Applications Found',
  /** A list that failed to load (section 8) when the server said nothing of its own. */
  failed: 'No Applications',
  exported: (n: number) => `Downloaded the report of ${n} application(s) as a PDF.`,
  exportFailed: 'The PDF could not be made. Please try again.',
} as const;
