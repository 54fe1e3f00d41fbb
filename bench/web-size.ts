/**
 * First-load weight of the public home page, in bytes on the wire as the server sends them.
 *
 * 1. The files: the entry script, its modulepreloads and its stylesheets listed in dist/web/index.html, with
 *    what the server sends for each when asked for brotli, for gzip, and for neither (plain HTTP requests with
 *    that Accept-Encoding; the body bytes are counted undecoded).
 * 2. A real phone load: Chromium at 360 x 740 opens the home page and every JS and CSS response body is summed
 *    as received (encoded). Chromium asks for brotli over HTTPS and from localhost; elsewhere on plain HTTP, gzip.
 * Lazy chunks (the staff shell, the login dialog) are not counted: the home page does not fetch them until asked.
 *
 * Usage: npm run build && npx tsx bench/web-size.ts [--json] [--url http://host:port]
 * Without --url it starts the real server (the e2e one: node src/server/main.ts on a throwaway database).
 * Exit code 1 when the phone load is over budget.
 */
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { ENTRY_ATTRIBUTE, PRELOAD_ATTRIBUTE } from '../src/web/prerender/boot-protocol';
import { launchChromium, startE2eServer, type E2eServer } from '../tests/support/e2e-server';

export const BUDGET_KIB = { js: 150, css: 20 } as const;

const webRoot = path.resolve(import.meta.dirname, process.env.WEB_DIST ?? '../dist/web');
const ENCODINGS = { br: 'br, gzip', gzip: 'gzip', identity: 'identity' } as const;
type Encoding = keyof typeof ENCODINGS;

interface ServedAsset {
  file: string;
  kind: 'js' | 'css';
  /** Body bytes the server sent for each Accept-Encoding, and the Content-Encoding it answered with. */
  bytes: Record<Encoding, number>;
  sentAs: Record<Encoding, string>;
  cacheControl: string;
}

const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** The URLs index.html makes the browser load before anything is clicked (the loader's app entry included). */
export function firstLoadUrls(html: string): { js: string[]; css: string[] } {
  const attr = (tag: string, name: string) => new RegExp(`${name}="([^"]+)"`).exec(tag)?.[1];
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  const js = new Set<string>();
  const css = new Set<string>();
  for (const tag of tags) {
    if (tag.startsWith('<script') && /type="module"/.test(tag)) {
      const src = attr(tag, 'src');
      if (src) js.add(src);
      // A prerendered page's loader names the app's entry and its static imports, fetched after the first paint.
      const entry = attr(tag, ENTRY_ATTRIBUTE);
      if (entry) js.add(entry);
      for (const url of attr(tag, PRELOAD_ATTRIBUTE)?.split(/\s+/) ?? []) if (url) js.add(url);
    } else if (tag.startsWith('<link')) {
      const rel = attr(tag, 'rel');
      const href = attr(tag, 'href');
      if (href && rel === 'modulepreload') js.add(href);
      if (href && rel === 'stylesheet') css.add(href);
    }
  }
  return { js: [...js], css: [...css] };
}

/** One GET with the given Accept-Encoding; node:http does not decode, so the length is what travelled. */
export function fetchRaw(
  url: string,
  acceptEncoding: string,
): Promise<{ bytes: number; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ bytes, headers: res.headers }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

async function measureServed(baseUrl: string, file: string, kind: ServedAsset['kind']): Promise<ServedAsset> {
  const asset: ServedAsset = {
    file,
    kind,
    bytes: { br: 0, gzip: 0, identity: 0 },
    sentAs: { br: '', gzip: '', identity: '' },
    cacheControl: '',
  };
  for (const encoding of Object.keys(ENCODINGS) as Encoding[]) {
    const res = await fetchRaw(baseUrl + file, ENCODINGS[encoding]);
    asset.bytes[encoding] = res.bytes;
    asset.sentAs[encoding] = String(res.headers['content-encoding'] ?? 'identity');
    asset.cacheControl = String(res.headers['cache-control'] ?? '');
  }
  return asset;
}

/** Loads the home page in Chromium on a 360 px phone and sums the encoded JS and CSS bodies received. */
async function phoneLoad(
  baseUrl: string,
): Promise<{ jsBytes: number; cssBytes: number; encodings: string[] }> {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true });
    const page = await context.newPage();
    const responses: import('playwright-core').Response[] = [];
    page.on('response', (r) => responses.push(r));
    await page.goto(baseUrl + '/', { waitUntil: 'networkidle' });
    let jsBytes = 0;
    let cssBytes = 0;
    const encodings = new Set<string>();
    for (const r of responses) {
      const type = r.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') continue;
      const { responseBodySize } = await r.request().sizes();
      if (type === 'script') jsBytes += responseBodySize;
      else cssBytes += responseBodySize;
      encodings.add((await r.headerValue('content-encoding')) ?? 'identity');
    }
    await context.close();
    return { jsBytes, cssBytes, encodings: [...encodings] };
  } finally {
    await browser.close();
  }
}

export async function reportWebSize(): Promise<void> {
  const urlArg = process.argv.indexOf('--url');
  let server: E2eServer | undefined;
  const baseUrl = urlArg > 0 ? process.argv[urlArg + 1] : (server = await startE2eServer()).baseUrl;
  try {
    const urls = firstLoadUrls(readFileSync(path.join(webRoot, 'index.html'), 'utf8'));
    const assets: ServedAsset[] = [];
    for (const file of urls.js) assets.push(await measureServed(baseUrl, file, 'js'));
    for (const file of urls.css) assets.push(await measureServed(baseUrl, file, 'css'));
    const total = (kind: ServedAsset['kind'], encoding: Encoding) =>
      kib(assets.filter((a) => a.kind === kind).reduce((s, a) => s + a.bytes[encoding], 0));
    const served = Object.fromEntries(
      (Object.keys(ENCODINGS) as Encoding[]).map((e) => [
        e,
        { jsKiB: total('js', e), cssKiB: total('css', e) },
      ]),
    );
    const phone = await phoneLoad(baseUrl);
    const phoneKiB = { js: kib(phone.jsBytes), css: kib(phone.cssBytes), encodings: phone.encodings };
    const over = phoneKiB.js > BUDGET_KIB.js || phoneKiB.css > BUDGET_KIB.css;

    if (process.argv.includes('--json')) {
      console.log(
        JSON.stringify({ assets, served, phoneKiB, budgetKiB: BUDGET_KIB, withinBudget: !over }, null, 2),
      );
    } else {
      console.log(`Home page first load from ${baseUrl}, KiB of body on the wire (br / gzip / none):`);
      for (const a of assets) {
        const [br, gz, id] = [a.bytes.br, a.bytes.gzip, a.bytes.identity].map((b) => kib(b).toFixed(1));
        console.log(`  ${a.kind.padEnd(3)} ${br.padStart(7)} ${gz.padStart(7)} ${id.padStart(7)}  ${a.file}`);
        console.log(`      sent as ${Object.values(a.sentAs).join(' / ')}; Cache-Control: ${a.cacheControl}`);
      }
      for (const e of Object.keys(ENCODINGS) as Encoding[])
        console.log(`  asked for ${e.padEnd(8)} JS ${served[e].jsKiB} KiB, CSS ${served[e].cssKiB} KiB`);
      console.log(
        `  Chromium, 360 px phone: JS ${phoneKiB.js} KiB, CSS ${phoneKiB.css} KiB ` +
          `(received as ${phone.encodings.join(', ')}; budget JS ${BUDGET_KIB.js}, CSS ${BUDGET_KIB.css} KiB)`,
      );
      console.log(over ? 'OVER BUDGET' : 'Within budget');
    }
    if (over) process.exitCode = 1;
  } finally {
    await server?.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await reportWebSize();
