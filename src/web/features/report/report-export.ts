import type { ExportReportInput } from '../../../../machines/report';
import { REPORT_EXPORT_PAGE_SIZE, REPORT_STATUSES, type ReportRow } from '../../../contract/reports.contract';
import { formatDay } from '../../lib/dates';
import { saveBlob } from '../../lib/pdf-download';
import type { ReportApi } from './report-api';
import { reportPdfWriter, type ReportPdfHeading } from './report-pdf';
import type { ReportPdfMessage } from './report-pdf.worker';

/** What the PDF's heading says about the query. */
export function reportPdfHeading(input: ExportReportInput): ReportPdfHeading {
  const { query, total } = input;
  const status = REPORT_STATUSES.find((s) => s.code === query.statuscode)?.label ?? query.statuscode;
  const node = query.localAuthority ?? query.locality ?? query.policeStation ?? query.code;
  return {
    title: `Application Report: ${status}`,
    subtitle: `${node}, ${formatDay(query.startDate)} to ${formatDay(query.endDate)}. Found ${total} application(s) !`,
  };
}

/** Where the rows go: a Web Worker drawing the PDF, or (a DOM without workers) this thread. */
interface PdfSink {
  add(rows: ReportRow[]): void;
  finish(): Promise<ArrayBuffer>;
  cancel(): void;
}

function workerSink(heading: ReportPdfHeading): PdfSink {
  const worker = new Worker(new URL('./report-pdf.worker.ts', import.meta.url), { type: 'module' });
  const post = (message: ReportPdfMessage) => worker.postMessage(message);
  const done = new Promise<ArrayBuffer>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<{ pdf?: ArrayBuffer; error?: string }>) => {
      worker.terminate();
      if (event.data.pdf) resolve(event.data.pdf);
      else reject(new Error(event.data.error ?? 'The PDF could not be made.'));
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message || 'The PDF could not be made.'));
    };
  });
  post({ type: 'start', heading });
  return {
    add: (rows) => post({ type: 'rows', rows }),
    finish: () => {
      post({ type: 'finish' });
      return done;
    },
    cancel: () => worker.terminate(),
  };
}

function threadSink(heading: ReportPdfHeading): PdfSink {
  const writer = reportPdfWriter(heading);
  const rows: ReportRow[] = [];
  return {
    add: (page) => rows.push(...page),
    finish: async () => {
      const pdf = await writer;
      pdf.add(rows);
      return pdf.finish();
    },
    cancel: () => {},
  };
}

/**
 * The export of the whole result (docs/reports.md, "The PDF"): every row, in pages of REPORT_EXPORT_PAGE_SIZE
 * (14 calls for a year of the busiest district), each page handed to the worker as it arrives; then the file.
 */
export async function exportReportPdf(api: ReportApi, input: ExportReportInput): Promise<void> {
  const heading = reportPdfHeading(input);
  const sink = typeof Worker === 'undefined' ? threadSink(heading) : workerSink(heading);
  try {
    for (let page = 0; ; page++) {
      const part = await api.report(input.query, page, REPORT_EXPORT_PAGE_SIZE);
      sink.add(part.applDto);
      if (part.iscurrentPageLast || part.applDto.length === 0) break;
    }
    const pdf = await sink.finish();
    const { query } = input;
    saveBlob(
      new Blob([pdf], { type: 'application/pdf' }),
      `application-report-${query.statuscode}-${query.startDate}-${query.endDate}.pdf`,
    );
  } catch (err) {
    sink.cancel();
    throw err;
  }
}
