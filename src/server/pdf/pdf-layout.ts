import { jsPDF } from 'jspdf';
import { autoTable, type RowInput, type UserOptions } from 'jspdf-autotable';
import { APPLICATION_DETAIL_MESSAGES } from '../../contract/applications.contract';

// Shared layout of the portal's server-made PDFs (A4 portrait, millimetres): the government header, section
// titles, two-column detail tables, list tables and the page footer. jspdf writes uncompressed streams by
// default, so the text of a form stays searchable (and testable) in the file.

export const PAGE = { width: 210, height: 297, margin: 14 } as const;
const FOOTER_SPACE = 16;
const HEADING_COLOUR: [number, number, number] = [20, 60, 110];
const LABEL_FILL: [number, number, number] = [240, 244, 250];

/** [label, value] or [label, value, true] for a value that takes a whole row. */
export type DetailPair = [string, string] | [string, string, boolean];

/** In place of the contact rows of a person the official does not reach (docs/reach.md). */
export const WITHHELD_PAIR: DetailPair = [
  'Contact details',
  APPLICATION_DETAIL_MESSAGES.recordWithheld,
  true,
];

export const SCHEME = {
  government: 'Government of Meghalaya',
  scheme: 'Meghalaya Residents Safety and Security Scheme',
  act: 'under the Meghalaya Residents Safety and Security Act, 2016',
} as const;

// Officials read dates in Indian Standard Time, day first (the spec's dd-MM-yyyy).
const DATE = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Kolkata',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const TIME = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Kolkata',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** dd-MM-yyyy for a time, or for a 'yyyy-MM-dd' date column (read as a calendar date, not shifted). */
export function formatDate(value: Date | string | null | undefined): string {
  if (!value) return '-';
  if (typeof value === 'string') {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    return m ? `${m[3]}-${m[2]}-${m[1]}` : value;
  }
  return DATE.format(value).replace(/\//g, '-');
}

export function formatDateTime(value: Date): string {
  return `${formatDate(value)} ${TIME.format(value)}`;
}

/** A document being laid out from top to bottom; `y` is where the next block starts. */
export class PdfWriter {
  readonly doc = new jsPDF({ unit: 'mm', format: 'a4', orientation: 'portrait' });
  y: number = PAGE.margin;

  /** The government header, centred, with the form's title and a rule under it. */
  header(title: string): void {
    const { doc } = this;
    const centre = PAGE.width / 2;
    doc.setFont('helvetica', 'normal').setFontSize(9).setTextColor(60);
    doc.text(SCHEME.government.toUpperCase(), centre, this.y + 3, { align: 'center' });
    doc
      .setFont('helvetica', 'bold')
      .setFontSize(14)
      .setTextColor(...HEADING_COLOUR);
    doc.text(SCHEME.scheme, centre, this.y + 10, { align: 'center' });
    doc.setFont('helvetica', 'normal').setFontSize(8.5).setTextColor(60);
    doc.text(SCHEME.act, centre, this.y + 15, { align: 'center' });
    doc.setFont('helvetica', 'bold').setFontSize(12).setTextColor(0);
    doc.text(title, centre, this.y + 22, { align: 'center' });
    doc.setDrawColor(...HEADING_COLOUR).setLineWidth(0.5);
    doc.line(PAGE.margin, this.y + 25, PAGE.width - PAGE.margin, this.y + 25);
    this.y += 30;
  }

  /** Starts a new page when fewer than `needed` mm are left (keeps a title with its table). */
  ensureSpace(needed: number): void {
    if (this.y + needed > PAGE.height - FOOTER_SPACE) {
      this.doc.addPage();
      this.y = PAGE.margin;
    }
  }

  section(title: string): void {
    this.ensureSpace(20);
    const { doc } = this;
    doc
      .setFont('helvetica', 'bold')
      .setFontSize(11)
      .setTextColor(...HEADING_COLOUR);
    doc.text(title, PAGE.margin, this.y + 4);
    this.y += 6;
  }

  /**
   * Label/value pairs, two pairs to a row so a form stays short; `rightGap` keeps room on the right (for a
   * photo). A long value (an address) may take a whole row: pass it as `[label, value, true]`.
   */
  details(pairs: DetailPair[], rightGap = 0): void {
    const label = { fontStyle: 'bold' as const, fillColor: LABEL_FILL };
    const body: RowInput[] = [];
    let pending: [string, string] | null = null;
    const flush = () => {
      if (pending) body.push([pending[0], { content: pending[1], colSpan: 3 }]);
      pending = null;
    };
    for (const [name, value, wide] of pairs) {
      if (wide) {
        flush();
        body.push([name, { content: value, colSpan: 3 }]);
      } else if (pending) {
        body.push([pending[0], pending[1], name, value]);
        pending = null;
      } else {
        pending = [name, value];
      }
    }
    flush();
    this.table({
      body,
      theme: 'grid',
      margin: { left: PAGE.margin, right: PAGE.margin + rightGap, bottom: FOOTER_SPACE },
      columnStyles: { 0: { ...label, cellWidth: 34 }, 2: { ...label, cellWidth: 34 } },
    });
  }

  /** A list with a header row, or one line of text when the list is empty. */
  list(head: string[], body: RowInput[], emptyText: string): void {
    if (body.length === 0) return this.paragraph(emptyText);
    this.table({
      head: [head],
      body,
      theme: 'striped',
      headStyles: { fillColor: HEADING_COLOUR, textColor: 255 },
      margin: { left: PAGE.margin, right: PAGE.margin, bottom: FOOTER_SPACE },
    });
  }

  paragraph(text: string): void {
    const { doc } = this;
    doc.setFont('helvetica', 'normal').setFontSize(9.5).setTextColor(0);
    const lines = doc.splitTextToSize(text, PAGE.width - 2 * PAGE.margin) as string[];
    this.ensureSpace(lines.length * 4.5 + 4);
    doc.text(lines, PAGE.margin, this.y + 4);
    this.y += lines.length * 4.5 + 4;
  }

  private table(options: UserOptions): void {
    autoTable(this.doc, {
      startY: this.y,
      styles: { fontSize: 8.5, cellPadding: 1.3, overflow: 'linebreak', textColor: 20 },
      ...options,
    });
    const finalY = (this.doc as unknown as { lastAutoTable?: { finalY?: number } }).lastAutoTable?.finalY;
    this.y = (finalY ?? this.y) + 5;
  }

  /** 'Page n of m' and who made the file, on every page; called once the content is complete. */
  footer(left: string): void {
    const { doc } = this;
    const pages = doc.getNumberOfPages();
    for (let i = 1; i <= pages; i++) {
      doc.setPage(i);
      doc.setFont('helvetica', 'normal').setFontSize(7.5).setTextColor(90);
      doc.text(left, PAGE.margin, PAGE.height - 8);
      doc.text(`Page ${i} of ${pages}`, PAGE.width - PAGE.margin, PAGE.height - 8, { align: 'right' });
    }
  }

  toBuffer(): Buffer {
    return Buffer.from(this.doc.output('arraybuffer'));
  }
}

/** A photo's box at the right margin: its width, and the most height a tall photo may take. */
export interface PhotoBox {
  width: number;
  maxHeight: number;
}

/**
 * Draws a JPEG at the right margin from `top`, framed, scaled to the box; false when there is none or it cannot be
 * decoded (a damaged upload must not stop the document: the caller's table says no photo could be shown).
 */
export function drawPhotoAtRight(w: PdfWriter, jpeg: Buffer | null, top: number, box: PhotoBox): boolean {
  if (!jpeg) return false;
  try {
    const bytes = new Uint8Array(jpeg.buffer, jpeg.byteOffset, jpeg.byteLength);
    const { width, height } = w.doc.getImageProperties(bytes);
    const h = Math.min(box.maxHeight, (box.width * height) / width);
    const x = PAGE.width - PAGE.margin - box.width;
    w.doc.addImage(bytes, 'JPEG', x, top, box.width, h);
    w.doc.setDrawColor(150).setLineWidth(0.2).rect(x, top, box.width, h);
    return true;
  } catch {
    return false;
  }
}
