import { autoTable } from 'jspdf-autotable';
import type { RegistrationField } from '../../../contract/registration-fields';
import { PAGE, PdfWriter } from '../pdf-layout';

// Pieces of the printable (blank) forms: a field list as a table with an empty column to write in, repeated
// blocks for family members and helpers, and a signature line. The labels come from the shared field list.

const HEADING_COLOUR: [number, number, number] = [20, 60, 110];
const WRITE_IN_HEIGHT = 8;
const FOOTER_SPACE = 16;

/** "Label *" for a required field, with its hint under the label. */
function fieldLabel(field: RegistrationField): string {
  const label = field.required ? `${field.label} *` : field.label;
  return field.hint ? `${label}\n(${field.hint})` : label;
}

/** One row per field: the label (and hint) on the left, a tall empty cell to write in on the right. */
export function fieldsTable(w: PdfWriter, fields: readonly RegistrationField[]): void {
  autoTable(w.doc, {
    startY: w.y,
    head: [['Particulars', 'To be filled in (capital letters)']],
    body: fields.map((f) => [fieldLabel(f), '']),
    theme: 'grid',
    styles: {
      fontSize: 8.5,
      cellPadding: 1.3,
      textColor: 20,
      minCellHeight: WRITE_IN_HEIGHT,
      valign: 'middle',
    },
    headStyles: { fillColor: HEADING_COLOUR, textColor: 255, minCellHeight: 0 },
    columnStyles: { 0: { cellWidth: 68, fontStyle: 'bold', fillColor: [240, 244, 250] } },
    margin: { left: PAGE.margin, right: PAGE.margin, bottom: FOOTER_SPACE },
  });
  endTable(w);
}

/** A table for several people at once (family members, helpers): one column per field, `rows` empty rows. */
export function peopleTable(w: PdfWriter, fields: readonly RegistrationField[], rows: number): void {
  // A short table is kept on one page with its title.
  w.ensureSpace((rows + 1) * (WRITE_IN_HEIGHT + 2));
  autoTable(w.doc, {
    startY: w.y,
    head: [['Sl no.', ...fields.map(fieldLabel)]],
    body: Array.from({ length: rows }, (_, i) => [String(i + 1), ...fields.map(() => '')]),
    theme: 'grid',
    styles: { fontSize: 7.5, cellPadding: 1.2, textColor: 20, minCellHeight: WRITE_IN_HEIGHT + 2 },
    headStyles: { fillColor: HEADING_COLOUR, textColor: 255, minCellHeight: 0 },
    columnStyles: { 0: { cellWidth: 12 } },
    margin: { left: PAGE.margin, right: PAGE.margin, bottom: FOOTER_SPACE },
  });
  endTable(w);
}

/** Numbered lines of text (instructions, declarations). */
export function numbered(w: PdfWriter, items: readonly string[]): void {
  items.forEach((item, i) => w.paragraph(`${i + 1}. ${item}`));
}

/** Place, date and signature lines at the foot of a form. */
export function signatureBlock(w: PdfWriter, whoSigns: string): void {
  w.ensureSpace(24);
  const { doc } = w;
  const y = w.y + 14;
  doc.setDrawColor(60).setLineWidth(0.2);
  doc.line(PAGE.margin, y, PAGE.margin + 60, y);
  doc.line(PAGE.width - PAGE.margin - 70, y, PAGE.width - PAGE.margin, y);
  doc.setFont('helvetica', 'normal').setFontSize(8.5).setTextColor(0);
  doc.text('Place and date', PAGE.margin, y + 4);
  doc.text(whoSigns, PAGE.width - PAGE.margin - 70, y + 4);
  w.y = y + 10;
}

function endTable(w: PdfWriter): void {
  const finalY = (w.doc as unknown as { lastAutoTable?: { finalY?: number } }).lastAutoTable?.finalY;
  w.y = (finalY ?? w.y) + 5;
}
