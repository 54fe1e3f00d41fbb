import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_LANDLORDS } from '../../src/server/db/seed/demo-landlords.data';
import { DESKTOP, PHONE, newContext } from '../support/e2e-server';
import { setUpE2eSuite } from '../support/e2e-suite';
import {
  addRentalUnit,
  completeLandlordRegistration,
  startLandlordRegistration,
} from '../support/journey/landlord-steps';
import { latestOtpCode, snackbar } from '../support/landlord-ui';
import { checkScreen } from './e2e-helpers';

const checkStep = (page: Page, name: string) => checkScreen(page, `landlord-${name}`);

// A NEW landlord registers at /landlord-login: Register tab, a fresh EPIC, 'Welcome! ...', Basic Details, save, the
// OTP for the EPIC from the development outbox, a rental unit (new units are vacant: the server takes no `vacant`
// on create), an edit, Next to 'All steps completed', the registration form downloaded (a PDF), and Logout with
// its question, after which the old key answers 401. Occupied units come only from applications, whose citizen
// calls are the next issue's, so a seeded landlord with an application in process then logs in (Login tab, OTP
// from the outbox), sees it on the Applications tab and marks that unit vacant; its key then ends on the server and
// the next save ends the session. Desktop and phone, axe on each step.

const e2e = setUpE2eSuite();

describe.each([
  { viewport: DESKTOP, label: 'desktop', seeded: DEMO_LANDLORDS[1] },
  { viewport: PHONE, label: 'phone', seeded: DEMO_LANDLORDS[0] },
])('landlord journey ($label)', ({ viewport, label, seeded }) => {
  it('registers a new landlord, adds a rental unit, and a seeded landlord marks an occupied unit vacant', async () => {
    const stamp = `${Date.now()}`.slice(-7);
    const epic = `${label === 'phone' ? 'NLP' : 'NLD'}${stamp}`;
    const email = `landlord.${label}.${stamp}@example.in`;
    const context = await newContext(e2e.browser, e2e.server.baseUrl, viewport);
    const page = await context.newPage();
    const main = page.getByRole('main');
    try {
      // Step 0: the Login tab first, then Register with a new EPIC.
      const check = (name: string) => checkStep(page, `${label}-${name}`);
      await startLandlordRegistration(page, epic, check);

      // Step 1: a fresh registration sees only Basic Details; an empty save shows the spec's messages.
      expect(await main.getByRole('tab', { name: 'Rental Units' }).count()).toBe(0);
      expect(await main.getByLabel(/^EPIC Number/).inputValue()).toBe(epic);
      await main.getByRole('button', { name: 'Save' }).click();
      await main.getByText('firstName required').waitFor();
      await checkStep(page, `${label}-1-errors`);

      // Saved; the OTP for the EPIC, from the outbox, opens the other tabs.
      await completeLandlordRegistration(page, email, check);

      // A new rental unit: OK with nothing filled, then through the pickers.
      await addRentalUnit(page, undefined, check);
      const table = main.getByRole('table', { name: 'Rental Units' });
      const row = table.getByRole('row').filter({ hasText: 'Mawlai Nongkwar' });
      await row.waitFor();
      expect(await row.getByRole('cell').allTextContents()).toEqual(
        expect.arrayContaining(['1', 'B-7', 'Ground', 'Laitumkhrah Police Station', 'Nongrim Hills', 'Yes']),
      );
      expect(await row.getByRole('button', { name: 'Update Status' }).isDisabled()).toBe(true);
      await checkStep(page, `${label}-2-unit-listed`);

      // Edit it; ask to disown it and say No.
      await row.getByRole('button', { name: 'Edit' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Rental Unit' });
      expect(await edit.getByLabel(/^House Number/).inputValue()).toBe('B-7');
      await edit.getByLabel(/^Address Line 2/).fill('Near the church');
      await checkStep(page, `${label}-2-edit-unit`);
      await edit.getByRole('button', { name: 'OK' }).click();
      await snackbar(page, 'Successfully Edited Rental Unit');
      await table.getByRole('cell', { name: 'Near the church' }).waitFor();
      await row.getByRole('button', { name: 'Disown' }).click();
      const disown = page.getByRole('dialog', { name: 'Disown Rental Unit' });
      await disown.waitFor();
      await checkStep(page, `${label}-2-disown-question`);
      await disown.getByRole('button', { name: 'No' }).click();
      await disown.waitFor({ state: 'detached' });

      // Next: 'All steps completed'. Then Logout, after the question.
      await main.getByRole('button', { name: 'Next' }).click();
      await main.getByText('All steps completed').waitFor();
      await checkStep(page, `${label}-3-completed`);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        main.getByRole('button', { name: 'Download Registration Form' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^landlord-registration-\d+\.pdf$/);
      const pdf = await readFile(await download.path());
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pdf.toString('latin1')).toContain(epic);
      const stored = await page.evaluate(() => sessionStorage.getItem('citizenKey'));
      const oldKey = (JSON.parse(stored!) as { apiKey: string }).apiKey;
      const landlordId = /landlord-registration-(\d+)\.pdf/.exec(download.suggestedFilename())![1];
      const callWithOldKey = () =>
        page.evaluate(
          async ({ key, id }) =>
            (await fetch(`/mrssapi/mrss/v-1/process/landlord/${id}`, { headers: { 'X-Api-Key': key } }))
              .status,
          { key: oldKey, id: landlordId },
        );
      expect(await callWithOldKey()).toBe(200);
      await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
      const logout = page.getByRole('dialog', { name: 'Logout' });
      await logout.getByText('Are you sure you want to logout?').waitFor();
      await checkStep(page, `${label}-3-logout-question`);
      await logout.getByRole('button', { name: 'Logout' }).click();
      await main.getByRole('tab', { name: 'Login', selected: true }).waitFor();
      // The tab forgets the key once POST apikey/logout has answered (the call carries the key).
      await expect.poll(() => page.evaluate(() => sessionStorage.getItem('citizenKey'))).toBeNull();
      // Logout ended the key on the server: the old key no longer opens anything.
      await expect.poll(callWithOldKey).toBe(401);

      // A seeded landlord with an application in process logs in and marks that unit vacant.
      await main.getByLabel(/^Epic Number/).fill(seeded.epicNo);
      await main.getByRole('button', { name: 'Get OTP' }).click();
      await snackbar(page, 'OTP has been sent to your registered email!');
      await main.getByLabel('Enter OTP').fill(await latestOtpCode(page, seeded.email!));
      await main.getByRole('button', { name: 'Login', exact: true }).click();
      await snackbar(page, 'OTP has been successfully verified!');
      // The Applications tab lists its applications (the one in process among them) under the red note.
      await main.getByRole('tab', { name: 'Applications' }).click();
      const applications = main.getByRole('table', { name: 'Applications' });
      await applications.locator('tr[data-status-code]').first().waitFor();
      await main.getByText(/Applications cannot be deleted if applied by other users/).waitFor();
      const codes = await applications
        .locator('tr[data-status-code]')
        .evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-status-code')));
      expect(codes.some((code) => code === 'LARP' || code === 'LAVP')).toBe(true);
      // Delete on every row, enabled only where the application is pending at the ward (LARP).
      const deletable = await applications
        .locator('tr[data-status-code]')
        .evaluateAll((trs) =>
          trs.map((tr) => [tr.getAttribute('data-status-code'), !tr.querySelector('button')?.disabled]),
        );
      expect(deletable.length).toBe(codes.length);
      expect(deletable.every(([code, enabled]) => enabled === (code === 'LARP'))).toBe(true);
      await checkStep(page, `${label}-4-applications`);
      await main.getByRole('tab', { name: 'Rental Units' }).click();
      const rows = table.getByRole('row');
      // The units have loaded once a row offers Update Status (before that, one row says they are loading).
      await table.getByRole('button', { name: 'Update Status' }).first().waitFor();
      const vacancies = await rows.evaluateAll((trs) => trs.map((tr) => tr.children[7]?.textContent ?? ''));
      const index = vacancies.indexOf('No');
      expect(index, 'the seeded landlord has an occupied unit').toBeGreaterThan(0);
      await rows.nth(index).getByRole('button', { name: 'Update Status' }).click();
      const vacancy = page.getByRole('dialog', { name: 'Update Vacancy' });
      await vacancy.waitFor();
      await checkStep(page, `${label}-4-vacancy-question`);
      await vacancy.getByRole('button', { name: 'Yes' }).click();
      await snackbar(page, 'Successfully Updated!');
      await rows.nth(index).getByText('Yes', { exact: true }).waitFor();
      expect(await rows.nth(index).getByRole('button', { name: 'Update Status' }).isDisabled()).toBe(true);
      await checkStep(page, `${label}-4-vacated`);

      // The key ends on the server while the page is open (as when it expires): the next save answers 401 and
      // the session ends with section 8's message.
      const ended = await page.evaluate(async () => {
        const { apiKey } = JSON.parse(sessionStorage.getItem('citizenKey')!) as { apiKey: string };
        return (
          await fetch('/mrssapi/mrss/v-1/apikey/logout', { method: 'POST', headers: { 'X-Api-Key': apiKey } })
        ).status;
      });
      expect(ended).toBe(200);
      await main.getByRole('tab', { name: 'Basic Details' }).click();
      await main.getByRole('button', { name: 'Save' }).click();
      await snackbar(page, 'Your session has expired. Please login again!');
      await main.getByRole('button', { name: 'Get OTP' }).waitFor();
      expect(await page.getByRole('banner').getByRole('button', { name: 'Logout' }).count()).toBe(0);
      await checkStep(page, `${label}-5-session-expired`);
    } finally {
      await context.close();
    }
  });
});
