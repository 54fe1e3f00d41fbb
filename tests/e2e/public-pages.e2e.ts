import { describe, expect, it } from 'vitest';
import { NOT_FOUND_MESSAGE } from '../../src/web/features/not-found/not-found-page';
import { newContext } from '../support/e2e-server';
import { setUpE2eSuite } from '../support/e2e-suite';

const e2e = setUpE2eSuite();

describe('public pages and guards', () => {
  it('shows the fallback with a link home for a deep link into /app without a session', async () => {
    const context = await newContext(e2e.browser, e2e.server.baseUrl);
    const page = await context.newPage();
    try {
      await page.goto('/app/dashboard');
      await page.getByRole('heading', { name: 'Please log in' }).waitFor();
      expect(await page.getByRole('navigation', { name: 'Main menu' }).count()).toBe(0);
      await page.getByRole('link', { name: 'Go to the home page' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('heading', { level: 1, name: /Welcome/ }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('shows the 404 for an unknown path, with Back to Home', async () => {
    const context = await newContext(e2e.browser, e2e.server.baseUrl);
    const page = await context.newPage();
    try {
      const response = await page.goto('/no/such/page');
      expect(response?.status()).toBe(200); // the SPA answers every page path; the app draws the 404
      await page.getByRole('heading', { name: NOT_FOUND_MESSAGE }).waitFor();
      await page.getByRole('link', { name: 'Back to Home' }).click();
      await page.waitForURL((url) => url.pathname === '/');
    } finally {
      await context.close();
    }
  });

  it('serves the privacy policy from the footer link', async () => {
    const context = await newContext(e2e.browser, e2e.server.baseUrl);
    const page = await context.newPage();
    try {
      await page.goto('/');
      await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
      await page.waitForURL('**/privacy-policy');
      await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
      expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toEqual(
        expect.arrayContaining([
          'What we collect',
          'Why we collect it',
          'How long we keep it',
          'Your rights',
        ]),
      );
    } finally {
      await context.close();
    }
  });

  it('forbids framing by header, and the browser refuses to frame the portal', async () => {
    const res = await fetch(`${e2e.server.baseUrl}/`);
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');

    const context = await newContext(e2e.browser, e2e.server.baseUrl);
    const page = await context.newPage();
    try {
      // A hostile page on another origin (about:blank here) tries to embed the portal.
      await page.setContent(
        `<iframe title="embedded" src="${e2e.server.baseUrl}/" width="800" height="600"></iframe>`,
      );
      await page.waitForTimeout(1500);
      const framed = page.frames().find((f) => f !== page.mainFrame());
      const text = framed ? await framed.evaluate(() => document.body?.innerText ?? '').catch(() => '') : '';
      // Blocked by the browser itself: neither the app nor its own frame warning loads in there.
      expect(text).not.toContain('MRSS');
      expect(text).not.toContain('inside another website');
    } finally {
      await context.close();
    }
  });

  it('runs under the strict content security policy without violations', async () => {
    const context = await newContext(e2e.browser, e2e.server.baseUrl);
    const page = await context.newPage();
    const violations: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error' && /Content Security Policy/i.test(msg.text())) violations.push(msg.text());
    });
    try {
      await page.goto('/');
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await page
        .getByRole('dialog', { name: 'USER LOGIN' })
        .getByRole('img', { name: 'Captcha', exact: true })
        .waitFor();
      await page.goto('/privacy-policy');
      await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
      expect(violations).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
