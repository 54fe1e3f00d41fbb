import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE } from '../support/e2e-server';
import { setUpE2eSuite } from '../support/e2e-suite';
import { checkScreen, openMenuEntry, signInThroughDialog, submitLoginDialog } from './e2e-helpers';

// Users and Profile on the real server and demo seed (docs/users-admin.md). An admin creates a VERIFIER of East
// Khasi Hills on the Users page; that verifier signs in at once; the admin finds its ID in the users table and
// deletes it (confirmation), and the verifier's open session ends (its next call is a 401 and the app goes home).
// A moderator opens its profile and asks to update its email (held). At 1280 px and 360 px, axe and overflow on every step.

const e2e = setUpE2eSuite();
const API = '/mrssapi/mrss/v-1';
const NEW_PASSWORD = 'Umiam-Lake-Boats-77';

/** The status of a call made with the page's own session token. */
function callStatus(page: Page, path: string): Promise<number> {
  return page.evaluate(
    async ([api, p]) =>
      (
        await fetch(`${api}/${p}`, {
          headers: { Authorization: `Bearer ${sessionStorage.getItem('accessToken')}` },
        })
      ).status,
    [API, path] as const,
  );
}

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)('users and profile at %s', (label, viewport) => {
  it('an admin creates a verifier that signs in at once, then deletes it and its session ends', async () => {
    const username = `e2e.verifier.${label}`;
    await e2e.withPage(viewport, async (admin) => {
      await signInThroughDialog(admin, 'admin');
      await openMenuEntry(admin, 'Users');
      await admin.waitForURL('**/app/users');
      await admin.getByRole('table', { name: 'Users' }).waitFor();
      await checkScreen(admin, `users-admin-${label}`);

      const create = admin.getByRole('form', { name: 'Create Users' });
      await create.getByLabel('Username', { exact: false }).fill(username);
      await create.getByLabel('Email', { exact: false }).fill(`${username}@mrss.example`);
      await create.getByRole('textbox', { name: 'Password' }).fill(NEW_PASSWORD);
      await create.getByRole('combobox', { name: /Role/ }).selectOption('VERIFIER');
      await create.getByRole('option', { name: 'East Khasi Hills' }).waitFor({ state: 'attached' });
      await create.getByRole('combobox', { name: /District/ }).selectOption('1701');
      await create.getByRole('button', { name: 'Create User' }).click();
      await admin.getByText('Successfully Created User.').waitFor();

      await e2e.withPage(viewport, async (verifier) => {
        await submitLoginDialog(verifier, username, NEW_PASSWORD);
        await verifier.waitForURL('**/app/dashboard');
        expect(await callStatus(verifier, 'users/profile')).toBe(200);

        await admin.getByLabel('Filter by username').fill(username);
        const row = admin
          .getByRole('table', { name: 'Users' })
          .getByRole('row')
          .filter({ hasText: username });
        await row.waitFor();
        const id = (await row.getByRole('cell').first().textContent())?.trim() ?? '';
        expect(id).toMatch(/^\d+$/);
        await checkScreen(admin, `users-admin-created-${label}`);

        await admin.getByLabel('User ID').fill(id);
        await admin.getByRole('button', { name: 'Delete', exact: true }).click();
        const confirm = admin.getByRole('dialog', { name: 'Delete user' });
        await confirm
          .getByText('Deletion is irreversible. Are you sure you want to delete this user?')
          .waitFor();
        await checkScreen(admin, `users-admin-confirm-${label}`, { fullPage: false });
        await confirm.getByRole('button', { name: 'Delete' }).click();
        await admin.getByText('Successfully Deleted User.').waitFor();

        // The verifier's open session is over: its next call is refused and the app goes back home.
        expect(await callStatus(verifier, 'users/profile')).toBe(401);
        await openMenuEntry(verifier, 'Profile');
        // The profile's own alert and the app's notice may both say it; either is the refusal the user sees.
        await verifier.getByText('Authentication Failed').first().waitFor();
        await verifier.waitForURL((url) => url.pathname === '/');
      });
    });
  });

  it('a moderator reads its profile and asks to update its email (held, with Stop)', async () => {
    await e2e.withPage(viewport, async (page) => {
      await signInThroughDialog(page, label === 'desktop' ? 'moderator' : 'moderator2');
      await openMenuEntry(page, 'Profile');
      await page.waitForURL('**/app/profile');
      await page.getByText('Sub-Locality/Wards Name').waitFor();
      await page.getByText('Headman Name').waitFor();
      await checkScreen(page, `profile-${label}`);
      const email = `ward.${label}@mrss.example`;
      await page.getByLabel('New email').fill(email);
      await page.getByRole('button', { name: 'Update' }).click();
      await page.getByText('Email updated successfully.').first().waitFor();
      // The account's own change waits like an administrator's (docs/otp-channel-changes.md): the alert shows it.
      await page.getByText('A change of your email address is pending').waitFor();
      await checkScreen(page, `profile-updated-${label}`);
    });
  });
});
