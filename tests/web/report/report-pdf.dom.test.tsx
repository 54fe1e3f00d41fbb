import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { storyRow } from '../../../stories/report/report-fakes';
import {
  REPORT_PDF_HEAD,
  buildReportPdf,
  reportPdfWriter,
} from '../../../src/web/features/report/report-pdf';

// The report's PDF (docs/reports.md, "The PDF"), read back with poppler's pdftotext: the heading, the spec's
// columns, every row in order whether the rows came at once or page by page, and the header on every page.

function textOf(pdf: ArrayBuffer): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'report-pdf-test-')), 'report.pdf');
  writeFileSync(file, Buffer.from(pdf));
  return execFileSync('pdftotext', ['-layout', file, '-']).toString();
}

const heading = {
  title: 'Application Report: Approved by Localities',
  subtitle: 'Found 120 application(s) !',
};
const rows = Array.from({ length: 120 }, (_, i) => storyRow(i + 1));
const rowStarts = (text: string) => [...text.matchAll(/^\s*(\d+)\s+(\d+)\s/gm)].map((m) => `${m[1]}:${m[2]}`);

describe('the report PDF', () => {
  it('holds the heading and every row in order, with the header and page number on every page', async () => {
    const pdf = await buildReportPdf({ ...heading, rows });
    expect(Buffer.from(pdf).subarray(0, 5).toString()).toBe('%PDF-');
    const text = textOf(pdf);
    expect(text).toContain(heading.title);
    expect(text).toContain(heading.subtitle);
    expect(rowStarts(text)).toEqual(rows.map((r) => `${r.slno}:${r.applid}`));
    expect(text).toContain('Flat 8, Laitumkhrah'); // the rental address, wrapped in its column
    const pages = text.split('\f').filter((page) => page.trim());
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, i) => {
      expect(page).toContain('Landlord Name');
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
    });
    expect(REPORT_PDF_HEAD).toContain('Number of Family Members');
  });

  it('draws rows added page by page exactly as rows given at once', async () => {
    const writer = await reportPdfWriter(heading);
    for (let at = 0; at < rows.length; at += 50) writer.add(rows.slice(at, at + 50));
    expect(rowStarts(textOf(writer.finish()))).toEqual(rows.map((r) => `${r.slno}:${r.applid}`));
  });
});
