/**
 * What the landing page's hero image costs a visitor (docs/media.md): the bytes of a first load of `/`, by kind
 * (document, script, stylesheet, image), on a 360 x 740 phone and a 1280 x 800 screen, before any upload and
 * after an ADMIN uploaded a picture of nearly 1 MB through the Update Image card (the phone copy drawn by
 * Chromium's canvas, as in a real upload). Bodies are counted as they travelled (encoded).
 *
 * Usage: npm run build && npx tsx bench/hero-weight.ts [--json] [--save <dir>]
 * `--save` keeps the two stored images (hero.jpg, hero-phone.jpg) for other runs.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { siteMediaUrl } from '../src/contract/site-media-urls';
import { openMenuEntry, signInThroughDialog } from '../tests/e2e/e2e-helpers';
import { DESKTOP, PHONE, launchChromium, newContext, startE2eServer } from '../tests/support/e2e-server';
import { drawHeroPicture } from '../tests/support/hero-picture';

type Kind = 'document' | 'script' | 'stylesheet' | 'image' | 'other';
type Weight = Record<Kind | 'total', number>;
const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

async function firstLoad(browser: Browser, baseUrl: string, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL: baseUrl, viewport, isMobile: viewport.width < 400 });
  try {
    const page = await context.newPage();
    const responses: import('playwright-core').Response[] = [];
    page.on('response', (r) => responses.push(r));
    await page.goto('/', { waitUntil: 'networkidle' });
    const weight: Weight = { document: 0, script: 0, stylesheet: 0, image: 0, other: 0, total: 0 };
    const images: string[] = [];
    for (const r of responses) {
      const type = r.request().resourceType();
      const kind: Kind =
        (['document', 'script', 'stylesheet', 'image'] as const).find((k) => k === type) ?? 'other';
      const { responseBodySize } = await r.request().sizes();
      weight[kind] += responseBodySize;
      weight.total += responseBodySize;
      if (kind === 'image') images.push(`${new URL(r.url()).pathname} ${kib(responseBodySize)} KiB`);
    }
    return { weight, images };
  } finally {
    await context.close();
  }
}

async function uploadThroughTheCard(page: Page): Promise<number> {
  await signInThroughDialog(page, 'admin');
  await openMenuEntry(page, 'Update Media');
  const picture = await drawHeroPicture(page);
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'hero.jpg', mimeType: 'image/jpeg', buffer: picture });
  await page.getByAltText('The chosen image, the copy phones get').waitFor();
  await page.getByRole('button', { name: 'Upload' }).click();
  await page.getByText(/The hero image was updated/).waitFor();
  return picture.length;
}

async function main() {
  const server = await startE2eServer();
  const browser = await launchChromium();
  try {
    const before = {
      phone: await firstLoad(browser, server.baseUrl, PHONE),
      desktop: await firstLoad(browser, server.baseUrl, DESKTOP),
    };
    const context = await newContext(browser, server.baseUrl, DESKTOP);
    const uploaded = await uploadThroughTheCard(await context.newPage());
    await context.close();
    const after = {
      phone: await firstLoad(browser, server.baseUrl, PHONE),
      desktop: await firstLoad(browser, server.baseUrl, DESKTOP),
    };

    const saveAt = process.argv.indexOf('--save');
    if (saveAt > 0) {
      const dir = process.argv[saveAt + 1];
      mkdirSync(dir, { recursive: true });
      for (const name of ['hero', 'hero-phone'] as const) {
        const res = await fetch(server.baseUrl + siteMediaUrl(name));
        writeFileSync(path.join(dir, `${name}.jpg`), Buffer.from(await res.arrayBuffer()));
      }
    }
    if (process.argv.includes('--json')) {
      console.log(JSON.stringify({ uploadedBytes: uploaded, before, after }, null, 2));
      return;
    }
    console.log(`Uploaded picture: ${kib(uploaded)} KiB. First load of / in KiB (encoded bodies):`);
    const row = (label: string, w: Weight) =>
      `  ${label.padEnd(22)} total ${String(kib(w.total)).padStart(7)}  html ${kib(w.document)}  js ${kib(w.script)}  css ${kib(w.stylesheet)}  images ${kib(w.image)}`;
    for (const [label, load] of [
      ['phone, before upload', before.phone],
      ['phone, after upload', after.phone],
      ['1280 px, before', before.desktop],
      ['1280 px, after', after.desktop],
    ] as const) {
      console.log(row(label, load.weight));
      for (const image of load.images) console.log(`      ${image}`);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
