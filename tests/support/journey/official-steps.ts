import type { Page } from 'playwright-core';
import { DESKTOP, newContext } from '../e2e-server';
import type { E2eSuite } from '../e2e-suite';
import { settle, signInThroughDialog } from '../../e2e/e2e-helpers';

// An official's steps in Chromium (backoffice.md section 2), shared by the application journey and the citizen-to-
// certificate journey: sign in through the landing page's dialog, open a list, open an application, act on it.

export type ListLabel = 'Pending' | 'Forwarded' | 'Approved' | 'Rejected';

/** A new browser context signed in as `username` (seeded password and captcha), on the dashboard. */
export async function signedIn(
  e2e: E2eSuite,
  username: string,
  viewport: { width: number; height: number } = DESKTOP,
): Promise<Page> {
  const context = await newContext(e2e.browser, e2e.server.baseUrl, viewport);
  const page = await context.newPage();
  await signInThroughDialog(page, username);
  return page;
}

/** Opens a list from the side menu's Applications group, and waits for it to finish loading. */
export async function openList(page: Page, label: ListLabel): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: label, exact: true })
    .click();
  await page.getByRole('heading', { name: `${label} Applications` }).waitFor();
  await page.getByRole('status', { name: 'Loading applications' }).waitFor({ state: 'detached' });
}

/** The application ids of the list on screen, in its order. */
export async function listedIds(page: Page): Promise<number[]> {
  return page
    .locator('[data-testid^="application-row-"]')
    .evaluateAll((rows) =>
      rows.map((r) => Number(r.getAttribute('data-testid')!.replace('application-row-', ''))),
    );
}

/** Client-side navigation: a reload would end the session (session storage is cleared on unload). */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** Opens the detail dialog of an application listed on screen and waits until it has settled. */
export async function openApplication(page: Page, applid: number): Promise<void> {
  await page.getByRole('button', { name: `View application ${applid}`, exact: true }).click();
  await page
    .getByRole('dialog', { name: `Application ${applid}` })
    .getByRole('button', { name: 'Application Flow' })
    .waitFor();
  await settle(page);
}

/** Takes an action of the open detail dialog, answers its question with Yes, and waits for the server's words. */
export async function actAndConfirm(page: Page, action: string, message: string | RegExp): Promise<void> {
  await page.getByRole('button', { name: action, exact: true }).click();
  await page.getByRole('button', { name: `Yes, ${action}` }).click();
  await page
    .getByText(message, { exact: typeof message === 'string' })
    .first()
    .waitFor();
  await page.getByRole('button', { name: 'Application Flow' }).waitFor({ state: 'detached' });
}
