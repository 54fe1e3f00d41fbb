import { deflateSync } from 'node:zlib';

// Real, small files for the upload suites, built here so the tests carry no binaries. Each one was checked with
// `file(1)`: TINY_JPEG is "JPEG image data, JFIF standard 1.01 ... baseline, precision 8, 8x8, components 3",
// tinyPng() "PNG image data, 2 x 2, 8-bit/color RGB, non-interlaced", jpegOfSize(512000) a JPEG of 8x8.

/** A baseline 8x8 JPEG of one flat colour (182 bytes). */
export const TINY_JPEG = Buffer.from(
  'ffd8ffe000104a46494600010100000100010000ffdb00430001010101010101010101010101010101010101010101010101' +
    '010101010101010101010101010101010101010101010101010101010101010101010101010101ffc0001108000800080301' +
    '1100021100031100ffc400310000010501010101010100000000000000000102030405060708090a0b100100000000000000' +
    '000000000000000000ffda000c03010002000300003f00fcf37eaabe077fffd9',
  'hex',
);

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 2x2 RGB PNG. */
export function tinyPng(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit, RGB, deflate, adaptive filter, not interlaced
  const row = [0, 200, 30, 30, 30, 30, 200];
  const pixels = deflateSync(Buffer.from([...row, ...row]));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** TINY_JPEG grown to exactly `size` bytes with comment (COM) segments after its start marker: still a JPEG. */
export function jpegOfSize(size: number): Buffer {
  let rest = size - TINY_JPEG.length;
  if (rest < 0 || (rest > 0 && rest < 4)) throw new Error(`cannot build a JPEG of ${size} bytes`);
  const segments: Buffer[] = [];
  while (rest > 0) {
    let cost = Math.min(rest, 65_537); // marker (2) + length (2) + at most 65,533 bytes of comment
    if (rest - cost > 0 && rest - cost < 4) cost -= 4;
    const segment = Buffer.alloc(cost, 0x20);
    segment.writeUInt16BE(0xfffe, 0);
    segment.writeUInt16BE(cost - 2, 2);
    segments.push(segment);
    rest -= cost;
  }
  return Buffer.concat([TINY_JPEG.subarray(0, 2), ...segments, TINY_JPEG.subarray(2)]);
}

/**
 * A one-page PDF a viewer opens (no images, one line of text). `catalog` adds entries to its catalog (an
 * /OpenAction of a hostile file) and `objects` adds objects after the four of the page (numbered from 5).
 */
export function tinyPdf(extra: { catalog?: string; objects?: string[] } = {}): Buffer {
  const objects = [
    `<< /Type /Catalog /Pages 2 0 R ${extra.catalog ?? ''}>>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents 4 0 R >>',
    '<< /Length 0 >>\nstream\n\nendstream',
    ...(extra.objects ?? []),
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) body += `${String(o).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

export const b64 = (file: Buffer) => file.toString('base64');
