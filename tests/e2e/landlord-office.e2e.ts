import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { DESKTOP, PHONE, newContext } from '../support/e2e-server';
import { DEMO_LANDLORDS } from '../../src/server/db/seed/demo-landlords.data';
import { setUpE2eSuite } from '../support/e2e-suite';
import { choose, fillLandlordDetails, snackbar } from '../support/landlord-ui';
import { checkScreen, openMenuEntry, settle, signInThroughDialog } from './e2e-helpers';

const checkStep = (page: Page, name: string) => checkScreen(page, `landlord-office-${name}`);

// The officials' Landlords (/app/landlord/tenants) and Rental Units (/app/rentalunits) screens against the real
// server and database: the ward's MODERATOR registers a landlord at the counter by EPIC (no OTP), adds a unit in
// its ward, finds it in the Rental Units list (new units are vacant: Update Status disabled) and marks a seeded
// occupied unit of its ward vacant; a VERIFIER's list has no Update Status. Axe and layout at 1280 and 360 px.

const e2e = setUpE2eSuite();

/** The moderator's ward (PS1701001LA01W01) as the pickers name it. */
const MODERATOR_WARD = 'Laitumkhrah Main';
/** A seeded landlord whose units all lie outside the moderator's ward: found by EPIC, refused (403). */
const OUTSIDER = DEMO_LANDLORDS.find(
  (l) => l.units.length > 0 && l.units.every((u) => u.wardCode !== 'PS1701001LA01W01'),
)!;

async function fillUnitInWard(dialog: Locator, address: string): Promise<void> {
  await dialog.getByLabel(/^House Number/).fill('C-3');
  await dialog.getByLabel(/^Address Line 1/).fill(address);
  await choose(dialog, /^District/, 'East Khasi Hills');
  await choose(dialog, /^Police Station/, 'Laitumkhrah Police Station');
  await choose(dialog, /^Sub-Locality\/Ward/, MODERATOR_WARD);
  await dialog.getByLabel(/^Pincode/).fill('793003');
}

describe.each([
  { viewport: DESKTOP, label: 'desktop' },
  { viewport: PHONE, label: 'phone' },
])('officials’ landlord and rental-unit screens ($label)', ({ viewport, label }) => {
  it('a MODERATOR registers a landlord by EPIC, adds a unit in its ward, lists it and updates a vacancy', async () => {
    const stamp = `${Date.now()}`.slice(-7);
    const epic = `${label === 'phone' ? 'OFP' : 'OFD'}${stamp}`;
    const address = `Office Lane ${label} ${stamp}`;
    const context = await newContext(e2e.browser, e2e.server.baseUrl, viewport);
    const page = await context.newPage();
    const main = page.getByRole('main');
    try {
      await signInThroughDialog(page, 'moderator');
      await openMenuEntry(page, 'Landlords');
      await page.waitForURL('**/app/landlord/tenants');
      const epicField = main.getByLabel(/^Landlord Epic Number/);
      await epicField.fill(epic.toLowerCase());
      expect(await epicField.inputValue()).toBe(epic);
      await checkStep(page, `${label}-epic-entry`);
      await epicField.press('Enter');

      // Not registered: a fresh registration, Basic Details only, saved without an OTP.
      await main
        .getByText(`Welcome! This will be a fresh registration for landlord with EPIC Number ${epic}`)
        .waitFor();
      expect(await main.getByRole('tab', { name: 'Rental Units' }).count()).toBe(0);
      expect(await main.getByLabel(/^EPIC Number/).inputValue()).toBe(epic);
      await checkStep(page, `${label}-fresh-registration`);
      await fillLandlordDetails(main, `office.${label}.${stamp}@example.in`);
      await main.getByRole('button', { name: 'Save' }).click();
      await snackbar(page, /Landlord saved with registration number \d+/);

      // The Rental Units tab opens: a unit in the moderator's ward.
      await main.getByRole('tab', { name: 'Rental Units', selected: true }).waitFor();
      await main
        .getByRole('table', { name: 'Rental Units' })
        .getByText(/No rental unit yet/)
        .waitFor();
      await checkStep(page, `${label}-rental-units-empty`);
      await main.getByRole('button', { name: 'New Rental Unit' }).click();
      const dialog = page.getByRole('dialog', { name: 'New Rental Unit' });
      await fillUnitInWard(dialog, address);
      await checkStep(page, `${label}-new-unit`);
      await dialog.getByRole('button', { name: 'OK' }).click();
      await snackbar(page, 'Successfully Saved Rental Unit');
      await dialog.waitFor({ state: 'detached' });
      await main.getByRole('table', { name: 'Rental Units' }).getByRole('cell', { name: address }).waitFor();

      // A landlord with no unit in the ward: the server's 403 message, then back to the EPIC field.
      await main.getByRole('button', { name: 'Find another landlord' }).click();
      await epicField.fill(OUTSIDER.epicNo);
      await epicField.press('Enter');
      await main
        .getByRole('alert')
        .getByText(
          'This landlord is outside your jurisdiction: its record stays with the office where the landlord registered or where it registered its own rental units.',
        )
        .waitFor();
      expect(await main.getByLabel(/^First Name/).count()).toBe(0);
      await checkStep(page, `${label}-refused`);

      // Find another landlord: back to the EPIC field; the same EPIC is now found.
      await main.getByRole('button', { name: 'Find another landlord' }).click();
      await epicField.fill(epic);
      await epicField.press('Enter');
      expect(await main.getByLabel(/^First Name/).inputValue()).toBe('Banshan');
      await checkStep(page, `${label}-found`);

      // The Rental Units list: the new unit, vacant, so its Update Status is disabled.
      await openMenuEntry(page, 'Rental Units');
      await page.waitForURL('**/app/rentalunits');
      const list = main.getByRole('table', { name: 'Rental Units' });
      await list.waitFor();
      await checkStep(page, `${label}-list`);
      await main.getByLabel('Landlord EPIC Number, house number or address').fill(epic);
      await main.getByRole('button', { name: 'Search' }).click();
      const row = list.getByRole('row').filter({ hasText: address });
      await row.waitFor();
      expect(await list.getByRole('row').count()).toBe(2);
      expect(await row.getByRole('cell').allTextContents()).toEqual(
        expect.arrayContaining(['1', 'C-3', address, 'Laitumkhrah Police Station', MODERATOR_WARD, 'Yes']),
      );
      expect(await row.getByText('Banshan Syiem').count()).toBe(1);
      expect(await row.getByRole('button', { name: /^Update Status/ }).isDisabled()).toBe(true);

      // A seeded occupied unit of the ward: Update Status, Yes, and it reads vacant.
      await main.getByRole('button', { name: 'Clear' }).click();
      await list.getByRole('row').nth(1).waitFor();
      const occupied = list
        .getByRole('row')
        .filter({ has: page.getByRole('button', { name: /^Update Status/, disabled: false }) });
      let pages = 0;
      while ((await occupied.count()) === 0) {
        const next = main
          .getByRole('navigation', { name: 'Rental unit pages' })
          .getByRole('button', { name: 'Next' });
        expect(await next.isEnabled(), 'the seed has an occupied unit in the moderator’s ward').toBe(true);
        await next.click();
        await settle(page);
        pages += 1;
        expect(pages).toBeLessThan(50);
      }
      const target = occupied.first();
      const rentAddress = (await target.getByRole('cell').nth(3).textContent()) ?? '';
      await target.getByRole('button', { name: /^Update Status/ }).click();
      const confirm = page.getByRole('dialog', { name: 'Update Vacancy' });
      await confirm.waitFor();
      await checkStep(page, `${label}-update-vacancy`);
      await confirm.getByRole('button', { name: 'Yes' }).click();
      await snackbar(page, 'Successfully Updated!');
      const updated = list.getByRole('row').filter({ hasText: rentAddress }).first();
      await expect
        .poll(() => updated.getByRole('button', { name: /^Update Status/ }).isDisabled())
        .toBe(true);
    } finally {
      await context.close();
    }
  });

  it('a VERIFIER lists its district’s units with Edit and without Update Status', async () => {
    const context = await newContext(e2e.browser, e2e.server.baseUrl, viewport);
    const page = await context.newPage();
    const main = page.getByRole('main');
    try {
      await signInThroughDialog(page, 'verifier');
      await openMenuEntry(page, 'Rental Units');
      const list = main.getByRole('table', { name: 'Rental Units' });
      await list.getByRole('row').nth(1).waitFor();
      expect(await list.getByRole('button', { name: /^Edit/ }).count()).toBeGreaterThan(0);
      expect(await list.getByRole('button', { name: /^Update Status/ }).count()).toBe(0);
      expect(await list.getByRole('columnheader', { name: 'Update Vacancy' }).count()).toBe(0);
      await checkStep(page, `${label}-verifier-list`);
      await list.getByRole('button', { name: /^Edit/ }).first().click();
      await page.getByRole('dialog', { name: 'Edit Rental Unit' }).waitFor();
      await checkStep(page, `${label}-verifier-edit`);
    } finally {
      await context.close();
    }
  });
});
