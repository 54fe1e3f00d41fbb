// Small but real document files for the demo: baseline JPEGs a browser decodes and a one-page PDF a viewer
// opens. They are generated here rather than shipped as binaries so the demo stays reviewable as text.

type Rgb = readonly [number, number, number];

/** Standard JPEG luminance DC table (ITU T.81 Annex K.3): categories 0-11. */
const DC_BITS = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0];
const DC_VALUES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
/** Every block is flat, so the only AC symbol ever written is end-of-block (0x00), coded as a single '0' bit. */
const AC_BITS = [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
const AC_VALUES = [0x00];

function huffmanCodes(bits: number[], values: number[]): Map<number, { code: number; length: number }> {
  const codes = new Map<number, { code: number; length: number }>();
  let code = 0;
  let k = 0;
  for (let length = 1; length <= 16; length++) {
    for (let i = 0; i < bits[length - 1]; i++) codes.set(values[k++], { code: code++, length });
    code <<= 1;
  }
  return codes;
}

class BitWriter {
  readonly bytes: number[] = [];
  private acc = 0;
  private count = 0;

  write(value: number, length: number): void {
    for (let i = length - 1; i >= 0; i--) {
      this.acc = (this.acc << 1) | ((value >> i) & 1);
      if (++this.count === 8) this.emit();
    }
  }

  /** Pads the last byte with 1 bits, as the standard asks. */
  finish(): number[] {
    while (this.count !== 0) this.write(1, 1);
    return this.bytes;
  }

  private emit(): void {
    this.bytes.push(this.acc);
    if (this.acc === 0xff) this.bytes.push(0x00); // byte stuffing inside entropy-coded data
    this.acc = 0;
    this.count = 0;
  }
}

function segment(marker: number, payload: number[]): number[] {
  const length = payload.length + 2;
  return [0xff, marker, length >> 8, length & 0xff, ...payload];
}

const toYCbCr = ([r, g, b]: Rgb): Rgb => [
  0.299 * r + 0.587 * g + 0.114 * b,
  128 - 0.168736 * r - 0.331264 * g + 0.5 * b,
  128 + 0.5 * r - 0.418688 * g - 0.081312 * b,
];

/**
 * Encodes a grid of flat 8x8-pixel colour blocks as a baseline JPEG (4:4:4, quantiser 1). A flat block has only
 * a DC coefficient, 8 x (value - 128), so no DCT is needed and the file is exact.
 */
export function blockJpeg(grid: readonly (readonly Rgb[])[]): Buffer {
  const height = grid.length * 8;
  const width = grid[0].length * 8;
  const dc = huffmanCodes(DC_BITS, DC_VALUES);
  const eob = huffmanCodes(AC_BITS, AC_VALUES).get(0x00)!;
  const out = new BitWriter();
  const predictors = [0, 0, 0];
  for (const row of grid) {
    for (const colour of row) {
      toYCbCr(colour).forEach((value, component) => {
        const coefficient = Math.max(-1024, Math.min(1016, Math.round(8 * (value - 128))));
        const diff = coefficient - predictors[component];
        predictors[component] = coefficient;
        const category = diff === 0 ? 0 : Math.floor(Math.log2(Math.abs(diff))) + 1;
        const { code, length } = dc.get(category)!;
        out.write(code, length);
        if (category > 0) out.write(diff < 0 ? diff + (1 << category) - 1 : diff, category);
        out.write(eob.code, eob.length);
      });
    }
  }
  const components = [1, 2, 3].flatMap((id) => [id, 0x11, 0]);
  return Buffer.from([
    0xff,
    0xd8,
    ...segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0]),
    ...segment(0xdb, [0x00, ...new Array<number>(64).fill(1)]),
    ...segment(0xc0, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3, ...components]),
    ...segment(0xc4, [0x00, ...DC_BITS, ...DC_VALUES, 0x10, ...AC_BITS, ...AC_VALUES]),
    ...segment(0xda, [3, 1, 0x00, 2, 0x00, 3, 0x00, 0, 63, 0]),
    ...out.finish(),
    0xff,
    0xd9,
  ]);
}

const SHIRTS: Rgb[] = [
  [38, 70, 140],
  [150, 40, 50],
  [40, 110, 70],
  [90, 60, 120],
  [160, 110, 30],
];

/** A 128 x 128 passport-style portrait (head, hair, shoulders); `variant` changes the shirt and skin tone. */
export function portraitJpeg(variant: number): Buffer {
  const shirt = SHIRTS[variant % SHIRTS.length];
  const skin: Rgb = variant % 2 === 0 ? [214, 170, 130] : [190, 140, 100];
  const grid = Array.from({ length: 16 }, (_, y) =>
    Array.from({ length: 16 }, (_, x): Rgb => {
      const cx = x + 0.5 - 8;
      const head = (cx / 3.4) ** 2 + ((y + 0.5 - 6.5) / 4) ** 2 <= 1;
      const body = (cx / 6.8) ** 2 + ((y + 0.5 - 16.5) / 5) ** 2 <= 1;
      if (head) return y < 5 ? [40, 30, 25] : skin;
      if (body) return shirt;
      return [226, 234, 244];
    }),
  );
  return blockJpeg(grid);
}

/** A 192 x 48 ink signature on white. */
export function signatureJpeg(variant: number): Buffer {
  const grid = Array.from({ length: 6 }, (_, y) =>
    Array.from({ length: 24 }, (_, x): Rgb => {
      const stroke = Math.round(2.5 + 1.8 * Math.sin((x + variant) / 2.2));
      return x > 1 && x < 22 && y === stroke ? [20, 30, 110] : [255, 255, 255];
    }),
  );
  return blockJpeg(grid);
}

const pdfText = (line: string) => line.replace(/[^\x20-\x7e]/g, '?').replace(/([\\()])/g, '\\$1');

/** A one-page PDF (A6 landscape) showing `lines` in Helvetica, with a correct cross-reference table. */
export function textPdf(lines: readonly string[]): Buffer {
  const content = [
    'BT',
    '/F1 13 Tf',
    '28 260 Td',
    '16 TL',
    ...lines.map((l) => `(${pdfText(l)}) '`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 420 298] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
