import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { DEMO_ACCOUNTS } from '../../src/server/db/seed/demo-hierarchy';
import { DESKTOP, E2E_CAPTCHA, E2E_PASSWORD, PHONE, newContext } from '../support/e2e-server';
import { setUpE2eSuite } from '../support/e2e-suite';
import { latestMailedOtpCode } from '../support/otp';
import { useSmtpTestServer } from '../support/smtp-test-server';
import { checkScreen } from './e2e-helpers';

const checkStep = (page: Page, name: string) =>
  checkScreen(page, `password-change-${name}`, { fullPage: false });

// A seeded official forgets the password: login dialog -> Forgot/Change Password -> OTP by email -> new password
// -> signs in with it. Once on a desktop and once on a phone (each with its own account, since the first run
// changes its password), axe on every step. A staff OTP is never in the readable outbox, even in demo mode
// (docs/demo-and-production.md): the server mails it to a real SMTP server started here, and the test reads it there.

function account(username: string) {
  const found = DEMO_ACCOUNTS.find((a) => a.username === username);
  if (!found?.email) throw new Error(`the demo seed has no email for ${username}`);
  return { username, email: found.email };
}

async function waitEnabled(locator: Locator): Promise<void> {
  await expect.poll(() => locator.isEnabled()).toBe(true);
}

describe('password change by OTP', () => {
  const smtp = useSmtpTestServer();
  const e2e = setUpE2eSuite({ env: smtp.env });

  describe.each([
    { viewport: DESKTOP, label: 'desktop', username: 'moderator2' },
    { viewport: PHONE, label: 'phone', username: 'supermoderator2' },
  ])('password change by OTP ($label)', ({ viewport, label, username }) => {
    it(`${username} changes a forgotten password from the login dialog and signs in with the new one`, async () => {
      const { email } = account(username);
      const newPassword = `Khasi-Hills-${label}-2026`;
      const context = await newContext(e2e.browser, e2e.server.baseUrl, viewport);
      const page = await context.newPage();
      try {
        await page.goto('/');
        await page.getByRole('button', { name: 'Login', exact: true }).click();
        const login = page.getByRole('dialog', { name: 'USER LOGIN' });
        await login.getByRole('button', { name: 'Forgot/Change Password' }).click();

        // Step 1: username and Get OTP.
        const dialog = page.getByRole('dialog', { name: 'CHANGE PASSWORD' });
        await dialog.getByLabel('Username', { exact: true }).waitFor();
        await login.waitFor({ state: 'detached' });
        await checkStep(page, `${label}-1-username`);
        await dialog.getByLabel('Username', { exact: true }).fill(username);
        await dialog.getByRole('button', { name: 'Get OTP' }).click();

        // Step 2: the code from the mail, Verify.
        await page.getByText('OTP has been sent to your registered email!').waitFor();
        const otp = dialog.getByLabel('Enter OTP');
        await waitEnabled(otp);
        await checkStep(page, `${label}-2-otp`);
        await otp.fill(latestMailedOtpCode(smtp.received, email));
        await dialog.getByRole('button', { name: 'Verify' }).click();

        // Step 3: the new password twice, Apply.
        const password = dialog.getByLabel('New password', { exact: true });
        await password.waitFor();
        await checkStep(page, `${label}-3-new-password`);
        await password.fill(newPassword);
        await dialog.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
        await dialog.getByRole('button', { name: 'Apply' }).click();

        // Done: the spec's words; the OTP key is gone from the tab.
        await dialog.getByText('Your Password has been changed successfully!').waitFor();
        await checkStep(page, `${label}-4-changed`);
        expect(await page.evaluate(() => sessionStorage.getItem('citizenKey'))).toBeNull();
        await dialog.getByRole('button', { name: 'Back to login' }).click();

        // Back in the login dialog: the old password is refused, the new one signs in.
        await login.getByLabel('Username', { exact: true }).fill(username);
        await login.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
        await login.getByRole('img', { name: 'Captcha', exact: true }).waitFor();
        await login.getByLabel('Captcha', { exact: true }).fill(E2E_CAPTCHA);
        await login.getByRole('button', { name: 'Login', exact: true }).click();
        await login.getByRole('alert').waitFor();

        await login.getByLabel('Password', { exact: true }).fill(newPassword);
        await login.getByRole('img', { name: 'Captcha', exact: true }).waitFor();
        await login.getByLabel('Captcha', { exact: true }).fill(E2E_CAPTCHA);
        await login.getByRole('button', { name: 'Login', exact: true }).click();
        await page.waitForURL('**/app/dashboard');
        await expect
          .poll(() => page.getByTestId('logged-in-as').textContent())
          .toBe(`Logged in as ${username}`);
      } finally {
        await context.close();
      }
    });
  });
});
