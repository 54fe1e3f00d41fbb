import type { ReportRow } from '../../../contract/reports.contract';
import { reportPdfWriter, type ReportPdfHeading, type ReportPdfWriter } from './report-pdf';

// Draws the report's PDF off the page's thread: tens of thousands of rows take seconds (docs/reports.md), and the
// page must stay usable meanwhile. The page sends the heading, then each page of rows as it arrives from the
// server (a small message each, drawn while the next is fetched), then 'finish'; the worker answers with the PDF's
// bytes (transferred, not copied) or an error text.
export type ReportPdfMessage =
  { type: 'start'; heading: ReportPdfHeading } | { type: 'rows'; rows: ReportRow[] } | { type: 'finish' };

let writer: Promise<ReportPdfWriter> | null = null;

self.onmessage = async (event: MessageEvent<ReportPdfMessage>) => {
  try {
    const message = event.data;
    if (message.type === 'start') {
      writer = reportPdfWriter(message.heading);
      return;
    }
    if (!writer) throw new Error('The PDF was not started.');
    // Every handler awaits the same promise, so the rows are drawn in the order they were sent.
    const pdf = await writer;
    if (message.type === 'rows') pdf.add(message.rows);
    else {
      const bytes = pdf.finish();
      self.postMessage({ pdf: bytes }, { transfer: [bytes] });
    }
  } catch (err) {
    self.postMessage({ error: err instanceof Error ? err.message : String(err) });
  }
};
