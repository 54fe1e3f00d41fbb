import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../src/server/db/seed/demo-hierarchy';
import { visibleMenu } from '../../src/web/app/role-menu';
import { newContext } from '../support/e2e-server';
import { setUpE2eSuite } from '../support/e2e-suite';
import { screenshot, settle, signInThroughDialog, submitLoginDialog } from './e2e-helpers';

// Every seeded official signs in through the real dialog against the real server and database.

const e2e = setUpE2eSuite();

describe('staff journeys', () => {
  it.each(DEMO_ACCOUNTS.map((a) => [a.username, a.role] as const))(
    '%s (%s) signs in, sees its name and exactly its built menu entries, and logs out with confirmation',
    async (username, role) => {
      const context = await newContext(e2e.browser, e2e.server.baseUrl);
      const page = await context.newPage();
      try {
        await signInThroughDialog(page, username);

        await expect
          .poll(() => page.getByTestId('logged-in-as').textContent())
          .toBe(`Logged in as ${username}`);
        const nav = page.getByRole('navigation', { name: 'Main menu' });
        const expected = visibleMenu(role).flatMap((e) =>
          e.kind === 'link' ? [e.label] : e.links.map((l) => l.label),
        );
        expect(await nav.getByRole('link').allTextContents()).toEqual(expected);

        // The dashboard's live counts come from the seeded jurisdiction.
        await page.locator('[data-testid^="dashboard-card-"]').first().waitFor();
        const counts = await page.locator('[data-testid^="dashboard-card-"]').allTextContents();
        expect(counts.length).toBeGreaterThan(0);
        for (const text of counts) expect(text).toMatch(/\d/);
        if (username === 'admin' || username === 'moderator')
          await screenshot(page, `dashboard-${username}-desktop`);

        const token = await page.evaluate(() => sessionStorage.getItem('accessToken'));
        await page.getByRole('banner').getByRole('button', { name: 'Logout', exact: true }).click();
        const confirm = page.getByRole('dialog');
        await confirm.getByText('Are you sure you want to logout?').waitFor();
        await settle(page);
        await confirm.getByRole('button', { name: 'Logout', exact: true }).click();
        await page.waitForURL((url) => url.pathname === '/');
        await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
        expect(await page.evaluate(() => sessionStorage.getItem('accessToken'))).toBeNull();

        // The server ended the session too: the old token no longer opens anything.
        const reuse = await context.request.get('/mrssapi/mrss/v-1/dashboard/summary', {
          headers: { Authorization: `Bearer ${token}` },
        });
        expect(reuse.status()).toBe(401);
        await page.goto('/app/dashboard');
        await page.getByRole('heading', { name: 'Please log in' }).waitFor();
      } finally {
        await context.close();
      }
    },
  );

  it('keeps the person signed in when they cancel the logout question', async () => {
    const context = await newContext(e2e.browser, e2e.server.baseUrl);
    const page = await context.newPage();
    try {
      await signInThroughDialog(page, 'verifier');
      await page.getByRole('banner').getByRole('button', { name: 'Logout', exact: true }).click();
      await settle(page);
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe('/app/dashboard');
      expect(await page.evaluate(() => sessionStorage.getItem('accessToken'))).not.toBeNull();
    } finally {
      await context.close();
    }
  });

  it('refuses a wrong password with the server message and stays on the landing page', async () => {
    const context = await newContext(e2e.browser, e2e.server.baseUrl);
    const page = await context.newPage();
    try {
      await submitLoginDialog(page, 'supervisor', 'not-the-password');
      const alert = page.getByRole('dialog', { name: 'USER LOGIN' }).getByRole('alert');
      await alert.waitFor();
      expect(await alert.textContent()).toMatch(/\S/);
      expect(new URL(page.url()).pathname).toBe('/');
    } finally {
      await context.close();
    }
  });
});
