import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PUBLIC_DOWNLOADS, publicDownloadUrl } from '../../src/contract/public-downloads.contract';
import { BRAND } from '../../src/web/components/brand';
import { ENTRY_ATTRIBUTE, PRELOAD_ATTRIBUTE } from '../../src/web/prerender/boot-protocol';
import { DESKTOP, PHONE, newContext } from '../support/e2e-server';
import { setUpE2eSuite } from '../support/e2e-suite';
import { hasHorizontalOverflow, seriousViolations, settle } from './e2e-helpers';

// The landing page in Chromium against the real built server: prerendered HTML (content before any script),
// hydration that keeps the server's nodes, the downloads, A+/A-, the phone menu and axe at desktop and phone.

const e2e = setUpE2eSuite();

async function withPage(
  viewport: { width: number; height: number },
  run: (page: Page, errors: string[]) => Promise<void>,
  options: { javaScriptEnabled?: boolean } = {},
) {
  const context = await e2e.browser.newContext({
    baseURL: e2e.server.baseUrl,
    viewport,
    reducedMotion: 'reduce',
    javaScriptEnabled: options.javaScriptEnabled ?? true,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    await run(page, errors);
  } finally {
    await context.close();
  }
}

describe('the landing page', () => {
  it('is in the HTML itself: the hero, the navigation and the downloads, before any script runs', async () => {
    for (const [path, text] of [
      ['/', 'Welcome to the <!-- -->MRSS Portal'],
      ['/manuals', 'Citizen guide'],
      ['/privacy-policy', 'Privacy Policy'],
    ] as const) {
      const res = await fetch(`${e2e.server.baseUrl}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      const html = await res.text();
      expect(html, path).toContain(text);
      expect(html).not.toMatch(/<script>/); // no inline script: the CSP would block it
    }
    const home = await (await fetch(`${e2e.server.baseUrl}/`)).text();
    for (const d of PUBLIC_DOWNLOADS) expect(home).toContain(`href="${publicDownloadUrl(d.name)}"`);
    // Other page paths get the empty shell, which the app renders in the browser.
    const shell = await (await fetch(`${e2e.server.baseUrl}/app/dashboard`)).text();
    expect(shell).toContain('<div id="root"></div>');
  });

  // What Lighthouse's LCP of 1 s on a slow phone rests on (docs/landing-page.md, "The app starts after the first
  // paint"): the page paints from its own bytes, and the app's script is not requested before that paint.
  it('paints before any of the app is fetched: one tiny loader script, styles inline, the hero text in the HTML', async () => {
    for (const page of ['/', '/manuals', '/privacy-policy']) {
      const html = await (await fetch(`${e2e.server.baseUrl}${page}`)).text();
      const head = html.slice(0, html.indexOf('</head>'));
      const scripts: string[] = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts, page).toHaveLength(1);
      expect(scripts[0]).toMatch(/^<script type="module" crossorigin src="\/assets\/boot-[\w-]+\.js"/);
      expect(scripts[0]).toContain(`${ENTRY_ATTRIBUTE}="/assets/`);
      // The inlined stylesheet is named by a disabled link, never fetched (vite.prerender.ts says why).
      const marker = /<link rel="stylesheet" href="\/assets\/[\w-]+\.css" disabled>/g;
      expect(head.match(marker), page).toHaveLength(1);
      expect(head.replace(marker, ''), page).not.toMatch(/rel="(modulepreload|preload|stylesheet)"/);
      expect(head).toMatch(/<style>/);
      const boot = /src="([^"]+)"/.exec(scripts[0])![1];
      const bootBytes = (await (await fetch(`${e2e.server.baseUrl}${boot}`)).arrayBuffer()).byteLength;
      expect(bootBytes, 'the loader stays tiny').toBeLessThan(2048);
    }
    const home = await (await fetch(`${e2e.server.baseUrl}/`)).text();
    expect(home).toContain(`${BRAND.tagline}<!-- -->. Landlords register their tenants here`); // the LCP element
    expect(home).toMatch(new RegExp(`${PRELOAD_ATTRIBUTE}="[^"]+"`));
  });

  it("requests the app's script only after the first contentful paint, and hydrates without errors", () =>
    withPage(PHONE, async (page, errors) => {
      await page.goto('/');
      const entry = (await page.locator(`script[${ENTRY_ATTRIBUTE}]`).getAttribute(ENTRY_ATTRIBUTE)) ?? '';
      expect(entry).toMatch(/^\/assets\/index-/);
      await page.waitForFunction(
        (url) => performance.getEntriesByType('resource').some((e) => e.name.endsWith(url)),
        entry,
      );
      const timing = await page.evaluate((url) => {
        const fcp = performance.getEntriesByName('first-contentful-paint')[0];
        const app = performance.getEntriesByType('resource').find((e) => e.name.endsWith(url))!;
        return { fcp: fcp ? fcp.startTime : -1, app: app.startTime };
      }, entry);
      expect(timing.fcp).toBeGreaterThan(0);
      expect(timing.app).toBeGreaterThanOrEqual(timing.fcp);
      await page.getByRole('button', { name: 'Increase text size' }).click();
      // The page's own stylesheet came inline: its disabled link was not fetched, once the app was running either.
      const inlined = (await page.locator('link[rel="stylesheet"][disabled]').getAttribute('href')) ?? '';
      expect(inlined).toMatch(/^\/assets\/index-/);
      const fetchedCss = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((e) => new URL(e.name).pathname)
          .filter((p) => p.endsWith('.css')),
      );
      expect(fetchedCss).not.toContain(inlined);
      await expect
        .poll(() => page.evaluate(() => getComputedStyle(document.documentElement).fontSize))
        .toBe('18px');
      expect(errors).toEqual([]);
    }));

  it('keeps a tap made while the app is still loading and answers it once the app is there', () =>
    withPage(PHONE, async (page) => {
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      // Hold the app's entry script back, as a slow network would.
      await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto('/', { waitUntil: 'domcontentloaded' });
      await page.getByRole('button', { name: 'Documents you need' }).click();
      const dialog = page.getByRole('dialog', { name: 'Documents you need' });
      expect(await dialog.isVisible()).toBe(false);
      release();
      await dialog.waitFor();
    }));

  it('shows the page with scripts off, download menu included (a native disclosure)', () =>
    withPage(
      PHONE,
      async (page) => {
        await page.goto('/');
        await page.getByRole('heading', { level: 1, name: /Welcome/ }).waitFor();
        expect(await page.getByRole('link', { name: 'Download Form A (PDF)' }).isVisible()).toBe(true);
      },
      { javaScriptEnabled: false },
    ));

  it('hydrates without replacing the server nodes and without errors', () =>
    withPage(DESKTOP, async (page, errors) => {
      await page.goto('/', { waitUntil: 'domcontentloaded' });
      const heading = page.getByRole('heading', { level: 1, name: /Welcome/ });
      await heading.evaluate((el) => ((el as HTMLElement & { __kept?: boolean }).__kept = true));
      // Hydrated once a click on a React button works: open and close the documents dialog.
      await page.getByRole('button', { name: 'Documents you need' }).click();
      await page.getByRole('dialog', { name: 'Documents you need' }).waitFor();
      expect(await heading.evaluate((el) => (el as HTMLElement & { __kept?: boolean }).__kept)).toBe(true);
      expect(errors).toEqual([]);
    }));

  it('answers every download with a PDF', async () => {
    for (const d of PUBLIC_DOWNLOADS) {
      const res = await fetch(`${e2e.server.baseUrl}${publicDownloadUrl(d.name)}`);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-disposition')).toContain('attachment');
      expect(
        Buffer.from(await res.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
    }
  });

  it('scales the page with A+ and A-', () =>
    withPage(DESKTOP, async (page) => {
      await page.goto('/');
      const rootSize = () => page.evaluate(() => getComputedStyle(document.documentElement).fontSize);
      const heading = page.getByRole('heading', { level: 1, name: /Welcome/ });
      const before = (await heading.boundingBox())!.height;
      expect(await rootSize()).toBe('16px');
      await page.getByRole('button', { name: 'Increase text size' }).click();
      await expect.poll(rootSize).toBe('18px');
      expect((await heading.boundingBox())!.height).toBeGreaterThan(before);
      await page.getByRole('button', { name: 'Decrease text size' }).click();
      await page.getByRole('button', { name: 'Decrease text size' }).click();
      await expect.poll(rootSize).toBe('14px');
    }));

  it('has a phone menu at 360 px with the navigation and Login, and no sideways overflow', () =>
    withPage(PHONE, async (page) => {
      await page.goto('/');
      expect(await page.getByRole('navigation', { name: 'Site' }).isVisible()).toBe(false);
      await page.getByRole('button', { name: 'Open the menu' }).click();
      const drawer = page.getByRole('dialog', { name: 'Menu' });
      await drawer.waitFor();
      await settle(page);
      expect(await drawer.getByText('Download Forms').isVisible()).toBe(true);
      await drawer.getByRole('button', { name: 'Login', exact: true }).click();
      await page.getByRole('dialog', { name: 'USER LOGIN' }).waitFor();
      await page.keyboard.press('Escape');
      expect(await hasHorizontalOverflow(page)).toBe(false);
    }));
});

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)('accessibility at %s width', (_label, viewport) => {
  it('finds no serious violation on the page, the documents dialog and the manuals', () =>
    withPage(viewport, async (page) => {
      await page.goto('/');
      await page.getByRole('heading', { level: 1, name: /Welcome/ }).waitFor();
      // The flow tutorial hydrates when scrolled to; check it in its final state too.
      await page.getByRole('heading', { name: 'Application Flow' }).scrollIntoViewIfNeeded();
      await settle(page);
      expect(await seriousViolations(page)).toEqual([]);
      expect(await hasHorizontalOverflow(page)).toBe(false);
      await page.getByRole('button', { name: 'Documents you need' }).click();
      await page.getByRole('dialog', { name: 'Documents you need' }).waitFor();
      await settle(page);
      expect(await seriousViolations(page)).toEqual([]);
      const manuals = await newContext(e2e.browser, e2e.server.baseUrl, viewport);
      try {
        const other = await manuals.newPage();
        await other.goto('/manuals');
        await other.getByRole('heading', { level: 1, name: 'Manuals' }).waitFor();
        expect(await seriousViolations(other)).toEqual([]);
      } finally {
        await manuals.close();
      }
    }));
});
