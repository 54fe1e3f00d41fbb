import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE } from '../support/e2e-server';
import { setUpE2eSuite } from '../support/e2e-suite';
import {
  hasHorizontalOverflow,
  screenshot,
  seriousViolations,
  settle,
  signInThroughDialog,
} from './e2e-helpers';

// axe-core (WCAG 2.1 A/AA rules) on the pages and dialog an official meets first, at desktop and phone width,
// plus the phone layout check and the design screenshots (SCREENSHOTS=1).

const e2e = setUpE2eSuite();

const sizes = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const;

describe.each(sizes)('at %s width', (label, viewport) => {
  it('home page: no serious accessibility violations, no sideways overflow', () =>
    e2e.withPage(viewport, async (page) => {
      await page.goto('/');
      await page.getByRole('heading', { level: 1, name: /Welcome/ }).waitFor();
      await settle(page);
      expect(await seriousViolations(page)).toEqual([]);
      expect(await hasHorizontalOverflow(page)).toBe(false);
      await screenshot(page, `home-${label}`);
    }));

  it('login dialog: no serious accessibility violations', () =>
    e2e.withPage(viewport, async (page) => {
      await page.goto('/');
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'USER LOGIN' });
      await dialog.getByRole('img', { name: 'Captcha', exact: true }).waitFor();
      await settle(page);
      expect(await seriousViolations(page)).toEqual([]);
      expect(await hasHorizontalOverflow(page)).toBe(false);
      await screenshot(page, `login-dialog-${label}`);
    }));

  it('dashboard: no serious accessibility violations, no sideways overflow', () =>
    e2e.withPage(viewport, async (page) => {
      await signInThroughDialog(page, 'verifier');
      await page.locator('[data-testid^="dashboard-card-"]').first().waitFor();
      await settle(page);
      expect(await seriousViolations(page)).toEqual([]);
      expect(await hasHorizontalOverflow(page)).toBe(false);
      await screenshot(page, `dashboard-verifier-${label}`);
      if (label === 'phone') {
        await page.getByRole('button', { name: 'Open main menu' }).click();
        const nav = page.getByRole('navigation', { name: 'Main menu' });
        await nav.getByRole('link', { name: 'Dashboard' }).waitFor({ state: 'visible' });
        await settle(page);
        expect(await seriousViolations(page)).toEqual([]);
        await screenshot(page, 'dashboard-verifier-phone-menu');
      }
    }));

  it('404 page: no serious accessibility violations', () =>
    e2e.withPage(viewport, async (page) => {
      await page.goto('/no/such/page');
      await page.getByRole('link', { name: 'Back to Home' }).waitFor();
      await settle(page);
      expect(await seriousViolations(page)).toEqual([]);
      expect(await hasHorizontalOverflow(page)).toBe(false);
      await screenshot(page, `not-found-${label}`);
    }));
});

it('privacy policy and fallback pages: no serious accessibility violations', () =>
  e2e.withPage(DESKTOP, async (page) => {
    await page.goto('/privacy-policy');
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'privacy-policy-desktop');
    await page.goto('/app/dashboard');
    await page.getByRole('heading', { name: 'Please log in' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'session-fallback-desktop');
  }));

describe('the axe check itself', () => {
  it('finds a planted violation, inside the part it is asked about only, and again after a full reload', () =>
    e2e.withPage(DESKTOP, async (page) => {
      await page.goto('/');
      await page.getByRole('heading', { level: 1, name: /Welcome/ }).waitFor();
      const plant = () =>
        page.evaluate(() => {
          const holder = document.createElement('section');
          holder.id = 'planted';
          holder.innerHTML = '<button type="button"></button><img src="data:," />';
          document.body.append(holder);
        });
      await plant();
      const found = await seriousViolations(page);
      expect(found.map((v) => v.id).sort()).toEqual(['button-name', 'image-alt']);
      expect(await seriousViolations(page, '#planted')).toEqual(found);
      expect(await seriousViolations(page, 'header')).toEqual([]);
      // A reload drops the injected axe: the next check must inject it again rather than fail or pass blind.
      await page.reload();
      await page.getByRole('heading', { level: 1, name: /Welcome/ }).waitFor();
      await plant();
      expect((await seriousViolations(page)).map((v) => v.id).sort()).toEqual(['button-name', 'image-alt']);
    }));
});
