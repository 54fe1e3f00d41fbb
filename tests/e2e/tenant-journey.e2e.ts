import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { paths } from '../../src/web/app/paths';
import { DESKTOP, PHONE, newContext } from '../support/e2e-server';
import { setUpE2eSuite } from '../support/e2e-suite';
import { addDocuments, addFamilyMember, addHelper, registerTenant } from '../support/journey/tenant-steps';
import { checkScreen, latestOtp } from './e2e-helpers';

const checkStep = (page: Page, name: string) => checkScreen(page, `tenant-${name}`, { fullPage: false });

// A NEW tenant registers at /tenant-login: Register tab, ID, Basic Details, save, the OTP for the registration
// number from the development outbox, then a family member (photo) and a helper (signature), the three documents
// (the photo through the camera dialog on Chromium's fake camera, the signature as a PNG the browser turns into a
// JPEG), and the registration form, whose bytes must be a PDF. On a desktop and on a phone, axe on every step.

const e2e = setUpE2eSuite({ fakeCamera: true });

const API = '/mrssapi/mrss/v-1';

describe.each([
  { viewport: DESKTOP, label: 'desktop' },
  { viewport: PHONE, label: 'phone' },
])('a new tenant registers ($label)', ({ viewport, label }) => {
  it('registers, verifies by OTP, adds family, helper and documents, downloads the form, logs out and back in', async () => {
    const stamp = `${Date.now()}`.slice(-7);
    const tenantId = `DL${label === 'phone' ? 'P' : 'D'}E${stamp}`;
    const email = `tenant.${label}.${stamp}@example.in`;
    const context = await newContext(e2e.browser, e2e.server.baseUrl, viewport);
    const page = await context.newPage();
    try {
      const check = (name: string) => checkStep(page, `${label}-${name}`);
      const { dialog, number } = await registerTenant(page, {
        tenantId,
        email,
        phone: label === 'phone',
        check,
      });
      await addFamilyMember(page, dialog, check);
      await addHelper(page, dialog, check);
      await addDocuments(page, dialog, check);

      // The final step: the registration form is a real PDF.
      await dialog.getByRole('button', { name: 'Finish' }).click();
      await dialog.getByText('All steps completed').waitFor();
      await checkStep(page, `${label}-11-completed`);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        dialog.getByRole('button', { name: 'Download Completed Form' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`tenant-registration-${number}.pdf`);
      const bytes = await readFile(await download.path());
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

      // Logout (after the question), then back in through the Login tab with the ID and a new code.
      const key = await page.evaluate(
        () => (JSON.parse(sessionStorage.getItem('citizenKey') ?? '{}') as { apiKey?: string }).apiKey,
      );
      const withKey = () =>
        page
          .context()
          .request.get(`${API}/process/tenant/${number}`, { headers: { 'X-Api-Key': key ?? '' } });
      expect((await withKey()).status()).toBe(200);
      await dialog.getByRole('button', { name: 'Logout' }).click();
      const question = page.getByRole('dialog', { name: 'Logout' });
      await question.getByText('Are you sure you want to logout?').waitFor();
      await checkStep(page, `${label}-12-logout`);
      await question.getByRole('button', { name: 'Yes' }).click();
      await page.waitForURL((url) => url.pathname === paths.home);
      // Logout ended the key on the server (POST apikey/logout), not only in this tab.
      await expect.poll(async () => (await withKey()).status()).toBe(401);
      // The tab forgets the key once the logout call has answered (the server may refuse it a moment earlier).
      await expect.poll(() => page.evaluate(() => sessionStorage.getItem('citizenKey'))).toBeNull();
      await page.goto(paths.tenantLogin);
      await dialog.getByLabel('ID (Driving licence, PAN or EPIC number)').fill(tenantId.toLowerCase());
      await dialog.getByRole('button', { name: 'Get OTP' }).click();
      await expect.poll(() => dialog.getByLabel('Enter OTP').isEnabled()).toBe(true);
      await checkStep(page, `${label}-13-login-otp`);
      await dialog.getByLabel('Enter OTP').fill(await latestOtp(page, email));
      await dialog.getByRole('button', { name: 'Next' }).click();
      await expect.poll(() => dialog.getByLabel('First Name').inputValue()).toBe('Wanda');
      expect(await dialog.getByLabel('First Name').isDisabled()).toBe(true);
      await expect.poll(() => dialog.getByRole('tab', { name: 'Documents' }).isEnabled()).toBe(true);
    } finally {
      await context.close();
    }
  });
});
