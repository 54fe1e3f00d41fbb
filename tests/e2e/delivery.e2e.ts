import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { firstLoadUrls } from '../../bench/web-size';
import { setUpE2eSuite } from '../support/e2e-suite';

// The real `vite build` output (dist/web, precompressed by vite.precompress.ts) served by the real server.
const webRoot = path.resolve(import.meta.dirname, '../../dist/web');
const shell = () => readFileSync(path.join(webRoot, 'index.html'), 'utf8');

const e2e = setUpE2eSuite();

interface RawReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** node:http does not decode, so the body is exactly what travelled. */
function getRaw(url: string, acceptEncoding: string): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const req = request(
      e2e.server.baseUrl + url,
      { headers: { 'accept-encoding': acceptEncoding } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('delivery of the real build', () => {
  it('sends every first-load script and stylesheet as brotli, gzip or plain as asked, cached for a year', async () => {
    const { js, css } = firstLoadUrls(shell());
    const large = [...js, ...css].filter((url) => readFileSync(path.join(webRoot, url)).length > 1024);
    expect(large.length).toBeGreaterThanOrEqual(2); // at least the app entry and one of its static imports
    for (const url of large) {
      const file = readFileSync(path.join(webRoot, url));
      const br = await getRaw(url, 'gzip, deflate, br');
      const gzip = await getRaw(url, 'gzip, deflate');
      const plain = await getRaw(url, 'identity');
      expect([br.headers['content-encoding'], gzip.headers['content-encoding']], url).toEqual(['br', 'gzip']);
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(brotliDecompressSync(br.body).equals(file), url).toBe(true);
      expect(gunzipSync(gzip.body).equals(file), url).toBe(true);
      expect(plain.body.equals(file), url).toBe(true);
      expect(br.body.length, url).toBeLessThan(gzip.body.length);
      for (const reply of [br, gzip, plain]) {
        expect(reply.headers['cache-control'], url).toBe('public, max-age=31536000, immutable');
        expect(reply.headers.vary, url).toMatch(/accept-encoding/i);
      }
    }
  });

  it('makes the browser revalidate the HTML shell at / and on a deep link', async () => {
    for (const url of ['/', '/app/dashboard', '/privacy-policy']) {
      const reply = await getRaw(url, 'gzip, deflate, br');
      expect(reply.status, url).toBe(200);
      expect(reply.headers['cache-control'], url).toBe('no-cache');
      expect(reply.headers['content-type'], url).toMatch(/text\/html/);
    }
  });

  it('answers 404 for a script name from an older build instead of the HTML shell', async () => {
    expect((await getRaw('/assets/index-NoSuchHash.js', 'br')).status).toBe(404);
  });

  it('publishes the API reference outside production', async () => {
    const reply = await getRaw('/docs/json', 'identity');
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body.toString()).openapi).toMatch(/^3\./);
  });

  it('gives a 360 px phone in Chromium compressed scripts and styles', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true });
    const page = await context.newPage();
    const received: { url: string; encoding: string | null; bytes: number }[] = [];
    page.on('requestfinished', (req) => {
      if (req.resourceType() !== 'script' && req.resourceType() !== 'stylesheet') return;
      void Promise.all([req.response(), req.sizes()]).then(([res, sizes]) =>
        res
          ?.headerValue('content-encoding')
          .then((encoding) => received.push({ url: req.url(), encoding, bytes: sizes.responseBodySize })),
      );
    });
    try {
      await page.goto(e2e.server.baseUrl + '/', { waitUntil: 'networkidle' });
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await expect.poll(() => received.length).toBeGreaterThanOrEqual(2);
      const uncompressed = received.filter((r) => r.bytes > 1024 && r.encoding === null);
      expect(uncompressed).toEqual([]);
      expect(received.every((r) => r.encoding === null || ['br', 'gzip'].includes(r.encoding))).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('leaves the machine inspector out of the production build (it is for development only)', () => {
    const assets = path.join(webRoot, 'assets');
    const scripts = readdirSync(assets).filter((name) => name.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(5);
    const withInspector = scripts.filter((name) =>
      /createBrowserInspector|stately\.ai\/inspect|@statelyai/.test(readFileSync(path.join(assets, name), 'utf8')),
    );
    expect(withInspector).toEqual([]);
  });
});
