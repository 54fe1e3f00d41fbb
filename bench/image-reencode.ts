/**
 * What re-encoding a stored image costs (docs/media.md, "Stored images are re-encoded"): the time and the peak
 * memory of `reencodeImage` on photo-like JPEGs (noise over a gradient, so they compress like camera photos, not
 * like flat colours) of 12 MP and 48 MP, and on the 182-byte header that claims 30000 x 30000 pixels. The inputs
 * are written to the temporary folder first; each size then runs in a fresh child process that only reads its file
 * and re-encodes it, so that the peak resident memory (`maxRSS`) is the re-encoding's (plus Node's own).
 *
 * Usage: npx tsx bench/image-reencode.ts [--runs 5]
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DOCUMENT_IMAGE_MAX_EDGE } from '../src/server/services/uploads-check';
import { reencodeImage } from '../src/server/services/image-reencode';
import { PIXEL_BOMB_JPEG } from '../tests/server/image-samples';

const CASES: Record<string, [number, number]> = { '12mp': [4000, 3000], '48mp': [8000, 6000] };

async function photo(width: number, height: number): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#7a9',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Make: 'Bench' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '25/1 34/1 0/1' } })
    .toBuffer();
}

const inputFile = (name: string) => path.join(tmpdir(), `mrss-image-reencode-${name}.jpg`);

async function child(name: string, runs: number): Promise<void> {
  // The photo was made by the parent: this process's memory is the re-encoding's (and Node's own).
  const input = readFileSync(inputFile(name));
  const baseline = process.resourceUsage().maxRSS;
  const times: number[] = [];
  let out = { ok: false, bytes: 0, width: 0, height: 0 };
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const result = await reencodeImage(input, 'image/jpeg', { maxEdge: DOCUMENT_IMAGE_MAX_EDGE });
    times.push(performance.now() - start);
    out = result.ok
      ? { ok: true, bytes: result.image.bytes.length, width: result.image.width, height: result.image.height }
      : { ok: false, bytes: 0, width: 0, height: 0 };
  }
  times.sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      name,
      inputBytes: input.length,
      ...out,
      medianMs: Math.round(times[Math.floor(times.length / 2)]),
      maxMs: Math.round(times[times.length - 1]),
      // maxRSS is in KiB. The input was built before the baseline; what re-encoding added is the difference.
      peakRssMiB: Math.round(process.resourceUsage().maxRSS / 1024),
      addedRssMiB: Math.round((process.resourceUsage().maxRSS - baseline) / 1024),
    }),
  );
}

const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1]) || 5;
if (args[0] === '--child') {
  await child(args[1], runs);
} else {
  writeFileSync(inputFile('bomb'), PIXEL_BOMB_JPEG);
  for (const [name, size] of Object.entries(CASES)) writeFileSync(inputFile(name), await photo(...size));
  for (const name of ['bomb', ...Object.keys(CASES)]) {
    process.stdout.write(
      execFileSync('npx', ['tsx', 'bench/image-reencode.ts', '--child', name, '--runs', String(runs)], {
        encoding: 'utf8',
      }),
    );
  }
}
