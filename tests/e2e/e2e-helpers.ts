import { mkdirSync } from 'node:fs';
import path from 'node:path';
import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { E2E_CAPTCHA, E2E_PASSWORD, SCREENSHOT_DIR } from '../support/e2e-server';

/** How long no CSS transition may run before the page counts as still. */
const STILL_FOR_MS = 150;

/**
 * Waits until CSS transitions (Mantine's modal and drawer) have finished and none has started for
 * STILL_FOR_MS, so checks see the final state. A dialog's fade starts a frame after it mounts: a page with
 * no running animation at one instant may be about to start one (axe then measures a half-faded title).
 */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(() => {
    delete (window as { stillSince?: number }).stillSince;
  });
  await page.waitForFunction(
    (stillForMs) => {
      const w = window as { stillSince?: number };
      const moving = document.getAnimations().some((a) => a.playState === 'running' || a.pending);
      if (moving) {
        delete w.stillSince;
        return false;
      }
      w.stillSince ??= performance.now();
      return performance.now() - w.stillSince >= stillForMs;
    },
    STILL_FOR_MS,
    { polling: 50 },
  );
}

/** Opens the login dialog from the landing page and submits it, as a person would. */
export async function submitLoginDialog(
  page: Page,
  username: string,
  password = E2E_PASSWORD,
): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'USER LOGIN' });
  await dialog.getByLabel('Username', { exact: true }).fill(username);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  // The answer field is usable once a challenge has loaded (its image is shown).
  await dialog.getByRole('img', { name: 'Captcha', exact: true }).waitFor();
  await dialog.getByLabel('Captcha', { exact: true }).fill(E2E_CAPTCHA);
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();
}

export async function signInThroughDialog(page: Page, username: string): Promise<void> {
  await submitLoginDialog(page, username);
  await page.waitForURL('**/app/dashboard');
}

/** The WCAG 2.0 and 2.1 A and AA rules. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Accessibility violations that block or seriously hinder someone (axe impact serious or critical). */
export async function seriousViolations(page: Page, include?: string) {
  // axe is put into the page once (it stays across the app's client-side navigations), and the page sends back
  // only the serious and critical violations: @axe-core/playwright re-sent axe's 500 kB source on every check and
  // received every passing node too, which cost the browser suite more CPU than the checks themselves.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(
    async ([scope, tags]) => {
      const inPage = (window as unknown as { axe: typeof axe }).axe;
      const { violations } = await inPage.run(scope ? { include: [scope] } : document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      });
      return violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => ({
          id: v.id,
          help: v.help,
          targets: v.nodes.map((n) => n.target.join(' ')).slice(0, 5),
        }));
    },
    [include ?? null, AXE_TAGS] as const,
  );
}

/** True when the page is wider than the window (content cut off or a sideways scrollbar). */
export function hasHorizontalOverflow(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

/** Saves a full-page screenshot to screenshots/ when SCREENSHOTS=1; otherwise does nothing. */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (!SCREENSHOT_DIR) return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await settle(page);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

export interface CheckScreenOptions {
  /** The whole page (default), or the window only (a dialog over a long page). */
  fullPage?: boolean;
  /** Run axe (default). The phone menu walk turns it off: axe's rules (names, labels, contrast) do not change
   * with the window's width, and the desktop walk has just run them on the same screens. */
  axe?: boolean;
}

/**
 * The check of every step of a journey: axe finds nothing serious, nothing is wider than the window, and a
 * screenshot named `name` is saved when SCREENSHOTS=1.
 */
export async function checkScreen(page: Page, name: string, options: CheckScreenOptions = {}): Promise<void> {
  await settle(page);
  if (options.axe ?? true) expect(await seriousViolations(page), name).toEqual([]);
  expect(await hasHorizontalOverflow(page), name).toBe(false);
  if (SCREENSHOT_DIR) {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, `${name}.png`),
      fullPage: options.fullPage ?? true,
    });
  }
}

/** Opens an entry of the side menu once the shell is drawn (on a phone the menu is behind its button). */
export async function openMenuEntry(page: Page, label: string): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Logout', exact: true }).waitFor();
  const burger = page.getByRole('button', { name: 'Open main menu' });
  if (await burger.isVisible()) await burger.click();
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: label, exact: true })
    .click();
}

/** Picks an option of a Mantine Select by the field's label; the newest OTP sent to an address (dev outbox). */
/** Where the API is served on the e2e server. */
export const API = '/mrssapi/mrss/v-1';

/** Calls the API from the page with the signed-in official's token, as the app does. */
export function callApi<T>(
  page: Page,
  method: string,
  url: string,
  body?: object,
): Promise<{ status: number; data: T }> {
  return page.evaluate(
    async ([base, m, u, b]) => {
      const reply = await fetch(`${base}/${u}`, {
        method: m,
        headers: {
          Authorization: `Bearer ${sessionStorage.getItem('accessToken')}`,
          ...(b ? { 'Content-Type': 'application/json' } : {}),
        },
        body: b ?? undefined,
      });
      return { status: reply.status, data: (await reply.json()) as T };
    },
    [API, method, url, body ? JSON.stringify(body) : null] as const,
  );
}

export { choose as chooseOption, latestOtpCode as latestOtp } from '../support/landlord-ui';
