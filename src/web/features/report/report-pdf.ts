import type { ReportRow } from '../../../contract/reports.contract';
import { REPORT_HEADS } from './report-columns';

/**
 * The Application Report as a PDF: the whole result, not the page on screen (docs/reports.md, "The PDF"). A year
 * of the busiest district is tens of thousands of rows, where jspdf-autotable took 11 s for 17,000 rows; this
 * draws the same columns itself (wrapped cells, ruled rows, the header again on every page) in about a third
 * of that, compressed, and runs in a Web Worker (report-pdf.worker.ts) so the page never freezes. Rows are drawn
 * as each page of them arrives, so fetching and drawing overlap.
 */
export const REPORT_PDF_HEAD = REPORT_HEADS;

/** Column widths in millimetres on landscape A4 (297 mm, 10 mm margins). */
const WIDTHS = [12, 18, 34, 72, 25, 19, 49, 48];
const LEFT = 10;
const RIGHT = LEFT + WIDTHS.reduce((a, b) => a + b, 0);
const TOP = 24;
const BOTTOM = 200;
const LINE = 3.1;
const FONT = 7.5;

/** The heading: the report's title and a line with what was asked and 'Found {n} application(s) !'. */
export interface ReportPdfHeading {
  title: string;
  subtitle: string;
}

export interface ReportPdfInput extends ReportPdfHeading {
  rows: readonly ReportRow[];
}

/** A PDF being drawn: rows are added as they arrive (page by page from the server), then it is finished. */
export interface ReportPdfWriter {
  add(rows: readonly ReportRow[]): void;
  finish(): ArrayBuffer;
}

const cellsOf = (row: ReportRow) => [
  String(row.slno),
  String(row.applid),
  row.landlordname,
  row.tenantname,
  row.occupation,
  String(row.familyMembers),
  row.permanentAddress,
  row.rentaladdress,
];

export async function reportPdfWriter(heading: ReportPdfHeading): Promise<ReportPdfWriter> {
  const { jsPDF } = await import('jspdf');
  const doc = new jsPDF({ orientation: 'landscape', unit: 'mm', format: 'a4', compress: true });
  let y = TOP;

  const drawRow = (cells: string[][], bold: boolean) => {
    const height = Math.max(...cells.map((lines) => lines.length)) * LINE + 1.6;
    if (bold) {
      doc.setFillColor(25, 58, 107);
      doc.rect(LEFT, y, RIGHT - LEFT, height, 'F');
      doc.setTextColor(255, 255, 255);
    }
    let x = LEFT;
    cells.forEach((lines, i) => {
      doc.text(lines, x + 1, y + LINE);
      x += WIDTHS[i];
    });
    if (bold) doc.setTextColor(0, 0, 0);
    else doc.line(LEFT, y + height, RIGHT, y + height);
    y += height;
  };
  const split = (texts: readonly string[]): string[][] =>
    texts.map((text, i) => doc.splitTextToSize(text, WIDTHS[i] - 2) as string[]);

  doc.setFontSize(13);
  doc.text(heading.title, LEFT, 12);
  doc.setFontSize(9);
  doc.text(heading.subtitle, LEFT, 18);
  doc.setFontSize(FONT);
  doc.setDrawColor(200, 200, 200);
  doc.setLineWidth(0.1);
  const head = split(REPORT_PDF_HEAD);
  drawRow(head, true);
  return {
    add(rows) {
      for (const row of rows) {
        const cells = split(cellsOf(row));
        const height = Math.max(...cells.map((lines) => lines.length)) * LINE + 1.6;
        if (y + height > BOTTOM) {
          doc.addPage();
          y = 10;
          drawRow(head, true);
        }
        drawRow(cells, false);
      }
    },
    finish() {
      const pages = doc.getNumberOfPages();
      for (let page = 1; page <= pages; page++) {
        doc.setPage(page);
        doc.text(`Page ${page} of ${pages}`, RIGHT, 205, { align: 'right' });
      }
      return doc.output('arraybuffer');
    },
  };
}

/** The whole PDF at once (the bench, a DOM without workers). */
export async function buildReportPdf(input: ReportPdfInput): Promise<ArrayBuffer> {
  const writer = await reportPdfWriter(input);
  writer.add(input.rows);
  return writer.finish();
}
