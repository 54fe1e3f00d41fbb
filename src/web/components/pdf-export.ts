/**
 * A list as a PDF download (backoffice.md section 2: 'PDF export'). jspdf and its table plug-in are fetched
 * only when someone exports, so list screens stay light.
 */
export async function exportTablePdf(options: {
  title: string;
  head: string[];
  rows: Array<Array<string | number>>;
  fileName: string;
}): Promise<void> {
  const [{ jsPDF }, { autoTable }] = await Promise.all([import('jspdf'), import('jspdf-autotable')]);
  const doc = new jsPDF({ orientation: 'landscape' });
  doc.setFontSize(14);
  doc.text(options.title, 14, 16);
  autoTable(doc, {
    startY: 22,
    head: [options.head],
    body: options.rows.map((row) => row.map(String)),
    styles: { fontSize: 9 },
    headStyles: { fillColor: [25, 58, 107] },
  });
  doc.save(options.fileName);
}
