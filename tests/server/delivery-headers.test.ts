import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/server/app';
import { configSchema } from '../../src/server/config';
import { precompressDir } from '../../vite.precompress';
import { TEST_KEY_ENCRYPTION_KEY } from '../support/test-app';
import { createTestDatabase, testDatabases, type TestDatabase } from '../support/test-db';

/** A small build like `vite build` writes: a hashed script and stylesheet under assets/, the shell at the top. */
const SCRIPT = `export const greeting = ${JSON.stringify('Khublei! '.repeat(400))};\n`;
const STYLES = `.badge { white-space: nowrap; }\n`.repeat(100);
const SHELL =
  '<!doctype html><html><head><script type="module" src="/assets/index-AbC123.js"></script>' +
  '<link rel="stylesheet" href="/assets/index-DeF456.css"></head><body><div id="root"></div></body></html>';

function writeFixtureBuild(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'mrss-webroot-'));
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(path.join(root, 'index.html'), SHELL);
  writeFileSync(path.join(root, 'assets/index-AbC123.js'), SCRIPT);
  writeFileSync(path.join(root, 'assets/index-DeF456.css'), STYLES);
  precompressDir(root);
  return root;
}

const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

describe.each(testDatabases())('delivery of the built web app on %s', (kind) => {
  let database: TestDatabase;
  let webRoot: string;
  let app: App;
  let production: App;

  beforeAll(async () => {
    database = await createTestDatabase(kind, { demo: false });
    webRoot = writeFixtureBuild();
    const base = { LOG_LEVEL: 'silent', MRSS_KEY_ENCRYPTION_KEY: TEST_KEY_ENCRYPTION_KEY };
    app = await buildApp({
      db: database.db,
      config: configSchema.parse({ ...base, NODE_ENV: 'test' }),
      webRoot,
    });
    production = await buildApp({
      db: database.db,
      config: configSchema.parse({ ...base, NODE_ENV: 'production' }),
      webRoot,
    });
  });
  afterAll(async () => {
    await app?.close();
    await production?.close();
    await database?.dispose();
    rmSync(webRoot, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string, target = app) =>
    target.inject({ url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends brotli to a browser that accepts it, and the bytes decode to the script', async () => {
    const res = await get('/assets/index-AbC123.js', BROWSER_ENCODINGS);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 10);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends gzip when brotli is not accepted', async () => {
    const res = await get('/assets/index-DeF456.css', 'gzip, deflate');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/text\/css/);
    expect(gunzipSync(res.rawPayload).toString()).toBe(STYLES);
  });

  it('sends the plain file when no compression is accepted', async () => {
    for (const acceptEncoding of [undefined, 'identity']) {
      const res = await get('/assets/index-AbC123.js', acceptEncoding);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body).toBe(SCRIPT);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
    }
  });

  it('says the reply varies by Accept-Encoding, so a shared cache keeps the variants apart', async () => {
    for (const url of ['/assets/index-AbC123.js', '/assets/index-DeF456.css', '/']) {
      expect((await get(url, BROWSER_ENCODINGS)).headers.vary, url).toMatch(/accept-encoding/i);
    }
  });

  it('marks hashed assets immutable for a year, whatever the encoding', async () => {
    for (const acceptEncoding of [BROWSER_ENCODINGS, 'gzip', undefined]) {
      const res = await get('/assets/index-DeF456.css', acceptEncoding);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('makes the browser revalidate the HTML shell, also on the history fallback', async () => {
    for (const url of ['/', '/index.html', '/app/dashboard', '/track?id=7']) {
      const res = await get(url, BROWSER_ENCODINGS);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toContain('<div id="root">');
    }
  });

  it('answers 404, not the HTML shell, for a missing asset and an unknown API path', async () => {
    for (const url of ['/assets/index-Old999.js', '/mrssapi/mrss/v-1/no-such-endpoint']) {
      const res = await get(url, BROWSER_ENCODINGS);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('<div id="root">');
    }
  });

  it('publishes the API reference outside production', async () => {
    const json = await get('/docs/json');
    expect(json.statusCode).toBe(200);
    expect(json.json<{ openapi: string }>().openapi).toMatch(/^3\./);
    expect((await get('/docs/yaml')).statusCode).toBe(200);
    expect((await get('/docs')).statusCode).toBeLessThan(400);
  });

  it('does not publish the API reference in production', async () => {
    for (const url of ['/docs', '/docs/', '/docs/json', '/docs/yaml', '/docs/static/index.html']) {
      const res = await get(url, undefined, production);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('openapi');
      expect(res.body, url).not.toContain('<div id="root">');
    }
  });
});
