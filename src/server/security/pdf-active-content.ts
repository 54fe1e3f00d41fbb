import { inflateSync } from 'node:zlib';

// A stored PDF is kept as sent (a scan of a form or a certificate), so what it may hold is checked instead: no
// script, no action run on opening, no launch of a program, no embedded file, no form that posts (pen-test round
// 2, 27-11-2026: a PDF with an /OpenAction JavaScript action was accepted as a FORMA and served to officials). The
// names are looked for in the file and in every Flate-compressed stream of it (object streams hide dictionaries
// there), with `#xx` escapes in names undone (`/J#61vaScript` is `/JavaScript`).

const ACTIVE_NAMES = [
  'JavaScript',
  'JS',
  'OpenAction',
  'AA',
  'Launch',
  'EmbeddedFile',
  'EmbeddedFiles',
  'RichMedia',
  'XFA',
  'SubmitForm',
  'ImportData',
  'GoToR',
  'GoToE',
];
const ACTIVE = new RegExp(`/(?:${ACTIVE_NAMES.join('|')})(?![A-Za-z0-9])`);
/** A stream: its dictionary (the text before `stream`), then its bytes up to `endstream`. */
const STREAMS = /(<<(?:[^<>]|<<[^<>]*>>|<[0-9A-Fa-f\s]*>)*>>)\s*stream\r?\n([\s\S]*?)endstream/g;
/** Inflated object streams larger than this are not read (a zip bomb); the file is refused as unreadable. */
const MAX_INFLATED = 8 * 1024 * 1024;

const unescapeNames = (text: string) =>
  text.replace(/\/[^\s/<>[\]()]+/g, (name) =>
    name.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
  );

/** An object stream's text: uncompressed, or Flate-inflated (bounded); null for another filter or a broken one. */
function readObjectStream(dictionary: string, body: string): Buffer | null {
  const bytes = Buffer.from(body, 'latin1');
  if (!/\/Filter\b/.test(dictionary)) return bytes;
  if (!/\/Filter\s*\[?\s*\/FlateDecode\s*\]?\s*(\/|>>)/.test(dictionary)) return null;
  try {
    return inflateSync(bytes, { maxOutputLength: MAX_INFLATED });
  } catch {
    return null;
  }
}

export type PdfContent = 'plain' | 'active' | 'unreadable';

/**
 * Whether a PDF holds scripts, actions, launches, embedded files or forms that post ('active'). The dictionaries
 * are read where they are: in the file outside its streams, and inside its object streams (`/Type /ObjStm`,
 * Flate-compressed). Other streams (page drawings, images) hold no dictionaries and are binary, so their bytes are
 * not searched (an image's bytes would match a name by chance).
 */
export function pdfActiveContent(bytes: Buffer): PdfContent {
  const text = bytes.toString('latin1');
  const objectStreams: Array<{ dictionary: string; body: string }> = [];
  const outside = text.replace(STREAMS, (_whole, raw: string, body: string) => {
    const dictionary = unescapeNames(raw);
    if (/\/Type\s*\/ObjStm\b/.test(dictionary)) objectStreams.push({ dictionary, body });
    return `${raw} stream endstream`;
  });
  if (ACTIVE.test(unescapeNames(outside))) return 'active';
  let inflatedTotal = 0;
  for (const { dictionary, body } of objectStreams) {
    const inflated = readObjectStream(dictionary, body);
    if (!inflated) return 'unreadable';
    inflatedTotal += inflated.length;
    if (inflatedTotal > MAX_INFLATED) return 'unreadable';
    if (ACTIVE.test(unescapeNames(inflated.toString('latin1')))) return 'active';
  }
  return 'plain';
}
