import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { outboxEntrySchema } from '../../src/contract/otp.contract';
import { DEMO_LANDLORDS } from '../../src/server/db/seed/demo-landlords.data';
import { paths } from '../../src/web/app/paths';
import { DESKTOP, PHONE, newContext } from '../support/e2e-server';
import { setUpE2eSuite } from '../support/e2e-suite';
import { checkScreen as checkAnyScreen, chooseOption, signInThroughDialog } from './e2e-helpers';

const checkScreen = (page: Page, name: string) => checkAnyScreen(page, `tenants-office-${name}`);

// The officials' Tenants page (/app/tenants) on the real server and demo seed: a MODERATOR registers a new tenant
// through the register/ calls and adds a family member, re-visits the seeded incomplete application of its ward,
// another ward's moderator gets the server's 403 for that tenant; then a citizen whose key is revoked while the
// tenant dialog is open is sent back to the start. Axe at 1280 and 360 px on every screen.

const e2e = setUpE2eSuite();

const API = '/mrssapi/mrss/v-1';
/** Seeded tenant 0 (Rahul Das): its application in the moderator's ward is generated but not applied yet. */
const SEEDED_TENANT = { epicNo: 'ASM1840227', name: 'Rahul Das', email: 'rahul.das@example.in' };

/** Signs in and follows the side menu's Registration > Tenants (the burger first on a phone). */
async function openTenantsPage(page: Page, username: string, phone = false): Promise<Locator> {
  await signInThroughDialog(page, username);
  if (phone) await page.getByRole('button', { name: 'Open main menu' }).click();
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Tenants', exact: true })
    .click();
  await page.waitForURL((url) => url.pathname === paths.tenants);
  const main = page.getByRole('main');
  await main.getByRole('heading', { name: 'Add or re-visit a tenant profile' }).waitFor();
  return main;
}

describe('the officials’ Tenants page', () => {
  it('a moderator registers a new tenant with a family member, then re-visits an incomplete application', async () => {
    const context = await newContext(e2e.browser, e2e.server.baseUrl, DESKTOP);
    const page = await context.newPage();
    try {
      const main = await openTenantsPage(page, 'moderator');
      const table = main.getByRole('table', { name: 'INCOMPLETE APPLICATION(S)' });
      await table.getByRole('cell', { name: SEEDED_TENANT.name, exact: true }).waitFor();
      await checkScreen(page, 'desktop-page');

      // Existing Tenant with an ID nobody has: a new tenant with the ID prefilled.
      const newId = `DLM${`${Date.now()}`.slice(-8)}`;
      await main.getByRole('button', { name: 'Existing Tenant' }).click();
      const idField = main.getByLabel("Tenant's ID");
      await idField.fill(newId.toLowerCase());
      await checkScreen(page, 'desktop-entry');
      await idField.press('Enter');
      await page.getByText(`No tenant with ID ${newId} in your jurisdiction; add as new!`).waitFor();
      await expect.poll(() => main.getByLabel('ID Number').inputValue()).toBe(newId);
      expect(await main.getByRole('tab', { name: 'Family Members' }).isDisabled()).toBe(true);

      await main.getByLabel('First Name').fill('Iba');
      await main.getByLabel('Last Name').fill('Lyngdoh');
      await main.getByLabel('Parent or Spouse Name').fill('S. Lyngdoh');
      await main.getByLabel('Date of Birth').fill('1992-08-11');
      await chooseOption(main, 'Occupation', 'Teacher');
      await main.getByLabel('Mobile Number').fill('9863000002');
      await main.getByLabel('Permanent Address: Address Line 1').fill('House 9, Laitumkhrah');
      await chooseOption(main, 'Permanent Address: State', 'Meghalaya');
      await chooseOption(main, 'Permanent Address: District', 'East Khasi Hills');
      await main.getByLabel('Permanent Address: Pincode').fill('793003');
      await main.getByLabel('Same as Permanent Address').check();
      await checkScreen(page, 'desktop-new-tenant');
      const saved = page.waitForResponse(
        (r) => r.url().endsWith(`${API}/register/tenant`) && r.request().method() === 'POST',
      );
      await main.getByRole('button', { name: 'Save' }).click();
      expect((await saved).status()).toBe(200);
      await page.getByText('Successfully Saved Tenant.', { exact: true }).waitFor();
      await expect.poll(() => main.getByRole('tab', { name: 'Family Members' }).isEnabled()).toBe(true);
      await main.getByText(/^Registration Number \d+/).waitFor();

      // A family member through the staff call, photo later.
      await main.getByRole('tab', { name: 'Family Members' }).click();
      await main.getByRole('button', { name: 'New Family Member' }).click();
      const family = page.getByRole('dialog', { name: 'New Family Member' });
      await family.getByLabel('Member Name').fill('Banri Lyngdoh');
      await chooseOption(family, 'Relationship', 'Spouse');
      await chooseOption(family, 'Occupation', 'Teacher');
      const added = page.waitForResponse(
        (r) => /\/register\/tenant\/\d+\/familymembers$/.test(r.url()) && r.request().method() === 'POST',
      );
      await family.getByRole('button', { name: 'Save' }).click();
      expect((await added).status()).toBe(200);
      const photo = page.getByRole('dialog', { name: 'Upload Photo' });
      await photo.waitFor();
      await checkScreen(page, 'desktop-family-photo');
      await photo.getByRole('button', { name: 'Later' }).click();
      await main.getByRole('cell', { name: 'Banri Lyngdoh', exact: true }).waitFor();
      await checkScreen(page, 'desktop-family-list');

      // Close, then Re-visit Tenant from the incomplete applications: the profile read-only with the tabs open.
      await main.getByRole('button', { name: 'Close' }).click();
      await table.getByRole('button', { name: new RegExp(`^Re-visit Tenant ${SEEDED_TENANT.name}`) }).click();
      await expect.poll(() => main.getByLabel('First Name').inputValue()).toBe('Rahul');
      expect(await main.getByLabel('First Name').isDisabled()).toBe(true);
      expect(await main.getByRole('tab', { name: 'Documents' }).isEnabled()).toBe(true);
      await main.getByRole('tab', { name: 'Documents' }).click();
      await main.getByRole('table').first().waitFor();
      await checkScreen(page, 'desktop-revisit-documents');

      // Proceed to Applications: the Tenant Applications page, this tenant prefilled in Create New Application.
      await main.getByRole('button', { name: 'Proceed to Applications' }).click();
      await page.waitForURL((url) => url.pathname === paths.applications);
      await main.getByLabel('Landlord Epic Number').fill(DEMO_LANDLORDS[0].epicNo);
      await main.getByLabel('Landlord Epic Number').press('Enter');
      await main.getByRole('button', { name: 'Create New Application' }).click();
      const create = page.getByRole('dialog', { name: 'Create New Application' });
      await expect.poll(() => create.getByLabel('Tenant ID Number').inputValue()).toBe(SEEDED_TENANT.epicNo);
      await checkScreen(page, 'desktop-proceed-to-applications');
    } finally {
      await context.close();
    }
  });

  it('gives a moderator of another ward the server’s 403 for that tenant, and fits a phone', async () => {
    const context = await newContext(e2e.browser, e2e.server.baseUrl, PHONE);
    const page = await context.newPage();
    try {
      const main = await openTenantsPage(page, 'moderator2', true);
      await main.getByRole('status').or(main.getByRole('table')).first().waitFor();
      await checkScreen(page, 'phone-page');
      await main.getByRole('button', { name: 'Existing Tenant' }).click();
      await main.getByLabel("Tenant's ID").fill(SEEDED_TENANT.epicNo);
      await main.getByRole('button', { name: 'Ok' }).click();
      await page
        .getByText(/in your jurisdiction; add as new!/)
        .first()
        .waitFor();
      await checkScreen(page, 'phone-refused');

      // Answered like a missing tenant, the page opens a new tenant's profile for the ID: on a phone.
      await main.getByRole('tab', { name: 'Basic Details' }).waitFor();
      await checkScreen(page, 'phone-new-tenant');
    } finally {
      await context.close();
    }
  });
});

describe('the citizen tenant dialog', () => {
  it('ends the session when the key is revoked while the profile is open', async () => {
    const context = await newContext(e2e.browser, e2e.server.baseUrl, DESKTOP);
    const page = await context.newPage();
    try {
      await page.goto(paths.tenantLogin);
      const dialog = page.getByRole('dialog', { name: 'Register / Login as Tenant' });
      await dialog.getByLabel('ID (Driving licence, PAN or EPIC number)').fill(SEEDED_TENANT.epicNo);
      await dialog.getByRole('button', { name: 'Get OTP' }).click();
      await expect.poll(() => dialog.getByLabel('Enter OTP').isEnabled()).toBe(true);
      const reply = await context.request.get(
        `${API}/dev/outbox?to=${encodeURIComponent(SEEDED_TENANT.email)}`,
      );
      const [newest] = outboxEntrySchema.array().parse(await reply.json());
      const code = newest?.text.match(/\b(\d{6})\b/)?.[1];
      if (!code) throw new Error('no OTP in the outbox');
      await dialog.getByLabel('Enter OTP').fill(code);
      await dialog.getByRole('button', { name: 'Next' }).click();
      await expect.poll(() => dialog.getByRole('tab', { name: 'Family Members' }).isEnabled()).toBe(true);

      // The key ends elsewhere (as another tab's Logout would end it); the next call of the profile answers 401.
      const revoked = await page.evaluate(async (api) => {
        const stored = JSON.parse(sessionStorage.getItem('citizenKey') ?? '{}') as { apiKey?: string };
        const res = await fetch(`${api}/apikey/logout`, {
          method: 'POST',
          headers: { 'X-Api-Key': stored.apiKey ?? '' },
        });
        return res.status;
      }, API);
      expect(revoked).toBeLessThan(300);
      await dialog.getByRole('tab', { name: 'Family Members' }).click();
      await page.getByText('Your session has expired. Please login again!').first().waitFor();
      await dialog.getByRole('button', { name: 'Get OTP' }).waitFor();
      expect(await dialog.getByRole('button', { name: 'Logout' }).count()).toBe(0);
      expect(await page.evaluate(() => sessionStorage.getItem('citizenKey'))).toBeNull();
      await checkScreen(page, 'desktop-citizen-expired');
    } finally {
      await context.close();
    }
  });
});
