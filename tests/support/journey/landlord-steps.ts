import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { paths } from '../../../src/web/app/paths';
import { fillLandlordDetails, fillRentalUnit, latestOtpCode, snackbar } from '../landlord-ui';

// A new landlord's registration at /landlord-login as a person takes it (public-portal.md section 2, "Landlord
// stepper" and "Landlord page"), shared by the landlord journey and the citizen-to-certificate journey.

type Check = (name: string) => Promise<void>;
const noCheck: Check = async () => {};

/** From /landlord-login to Basic Details of a fresh registration: Register tab, the new EPIC, Next, the welcome. */
export async function startLandlordRegistration(
  page: Page,
  epic: string,
  check: Check = noCheck,
): Promise<void> {
  const main = page.getByRole('main');
  await page.goto(paths.landlordLogin);
  await main.getByRole('heading', { name: 'Register / Login as Landlord' }).waitFor();
  await check('0-login');
  await main.getByRole('tab', { name: 'Register' }).click();
  await main.getByLabel(/^Epic Number/).fill(epic.toLowerCase());
  await check('0-register');
  await main.getByRole('button', { name: 'Next' }).click();
  await snackbar(page, `Welcome! This will be a fresh registration for landlord with EPIC Number ${epic}`);
  await main.getByRole('tab', { name: 'Basic Details' }).waitFor();
}

/** Fills and saves Basic Details, then verifies the OTP sent to `email`: the other tabs open. */
export async function completeLandlordRegistration(
  page: Page,
  email: string,
  check: Check = noCheck,
): Promise<void> {
  const main = page.getByRole('main');
  await fillLandlordDetails(main, email);
  await main.getByRole('button', { name: 'Save' }).click();
  await snackbar(page, 'Successfully Saved Landlord. Please login to proceed with further data entries.');
  const otp = main.getByLabel('Enter OTP');
  await expect.poll(() => otp.isEnabled()).toBe(true);
  await check('1-registration-otp');
  await otp.fill(await latestOtpCode(page, email));
  await main.getByRole('button', { name: 'Verify' }).click();
  await snackbar(page, 'OTP has been successfully verified!');
  const rentalUnitsTab = main.getByRole('tab', { name: 'Rental Units' });
  await expect.poll(() => rentalUnitsTab.isEnabled()).toBe(true);
}

/**
 * Adds a rental unit in `ward` from the Rental Units tab. With `check`, OK is first pressed on the empty dialog
 * and the field errors are checked.
 */
export async function addRentalUnit(page: Page, ward?: string, check?: Check): Promise<void> {
  const main = page.getByRole('main');
  await main.getByRole('tab', { name: 'Rental Units' }).click();
  await main.getByText('Banshan Syiem').waitFor();
  await check?.('1-rental-units-empty');
  await main.getByRole('button', { name: 'New Rental Unit' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Rental Unit' });
  if (check) {
    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.getByText('Police Station required').waitFor();
    await check('2-new-unit-errors');
  }
  await fillRentalUnit(dialog, ward);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await snackbar(page, 'Successfully Saved Rental Unit');
  await dialog.waitFor({ state: 'detached' });
}
