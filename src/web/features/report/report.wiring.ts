import { fromPromise } from 'xstate';
import {
  reportMachine,
  type ExportReportInput,
  type LoadReportInput,
  type ReportResult,
} from '../../../../machines/report';
import { REPORT_PAGE_SIZE } from '../../../contract/reports.contract';
import type { ReportApi } from './report-api';
import { exportReportPdf } from './report-export';

/** The report machine with the browser's calls: a page of REPORT_PAGE_SIZE, and the PDF of the whole result. */
export function reportLogic(api: ReportApi, exportPdf: typeof exportReportPdf = exportReportPdf) {
  return reportMachine.provide({
    actors: {
      loadReport: fromPromise<ReportResult, LoadReportInput>(({ input }) =>
        api.report(input.query, input.page, REPORT_PAGE_SIZE),
      ),
      exportReport: fromPromise<void, ExportReportInput>(({ input }) => exportPdf(api, input)),
    },
  });
}
