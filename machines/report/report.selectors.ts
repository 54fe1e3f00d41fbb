import type { SnapshotFrom } from 'xstate';
import type { reportMachine } from './report.machine';

type ReportSnapshot = SnapshotFrom<typeof reportMachine>;

/** SUBMIT is offered unless the PDF is being made (a new query would change the rows under it). */
export const canSubmit = (s: ReportSnapshot) => s.can({ type: 'report.submit', query: s.context.query! });
export const canExport = (s: ReportSnapshot) => s.can({ type: 'report.export' });
export const canTurnTo = (s: ReportSnapshot, page: number) => s.can({ type: 'report.page', page });
export const isLoading = (s: ReportSnapshot) => s.matches('loading');
export const isExporting = (s: ReportSnapshot) => s.matches('exporting');
/** The rows shown: kept while the next page loads and while the PDF is made. */
export const shownResult = (s: ReportSnapshot) =>
  s.matches('failed') || s.matches('editing') ? null : s.context.result;
