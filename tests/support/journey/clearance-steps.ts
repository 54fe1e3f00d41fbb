import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { latestConsentCode, latestOtpCode } from '../landlord-ui';
import type { TrackingLandlord } from './tracker-steps';

// The landing page's Apply for Clearance as a landlord takes it (public-portal.md section 2, "Clearance tab"),
// shared by the clearance journey and the citizen-to-certificate journey.

export interface ClearanceTenant {
  epicNo: string;
  /** First, middle and last name as the tenant lookup shows it. */
  name: string;
}

export interface ClearanceRun {
  phone: boolean;
  landlord: TrackingLandlord;
  tenant: ClearanceTenant;
  /** The check of each screen (axe, overflow, screenshot). */
  check: (name: string) => Promise<void>;
  /** Marks the end of a step (the round-trip recorder's `step`). */
  step: (name: string) => void;
}

/** Opens the dialog from the landing page (through the phone menu at phone width). */
export async function openClearance(page: Page, phone: boolean): Promise<Locator> {
  if (phone) await page.getByRole('button', { name: 'Open the menu' }).click();
  await page.getByRole('button', { name: 'Apply for Clearance' }).first().click();
  return page.getByRole('dialog', { name: 'CLEARANCE APPLICATION' });
}

/**
 * From the landing page to the downloaded application: EPIC, OTP from the outbox, the first vacant unit, the tenant
 * by its ID, Generate Application, the tenant's consent code from the outbox, Apply (no members ticked), Download
 * Application (a real PDF).
 */
export async function applyForClearance(
  page: Page,
  run: ClearanceRun,
): Promise<{ applid: number; dialog: Locator }> {
  const { check, step } = run;
  await page.goto('/');
  const dialog = await openClearance(page, run.phone);
  await dialog.getByLabel('Landlord Epic').waitFor();
  await check('0-empty');
  step('open');

  await dialog.getByLabel('Landlord Epic').fill(run.landlord.epicNo.toLowerCase());
  await dialog.getByRole('button', { name: 'Get OTP' }).click();
  const otp = dialog.getByLabel('OTP', { exact: true });
  await expect.poll(() => otp.isEnabled()).toBe(true);
  await check('1-code-sent');
  step('Get OTP');

  await otp.fill(await latestOtpCode(page, run.landlord.address));
  await dialog.getByRole('button', { name: 'Verify' }).click();
  const unitPicker = dialog.getByRole('combobox', { name: 'Rental Unit' });
  await unitPicker.waitFor();
  const tenantField = dialog.getByLabel('Tenant ID');
  expect(await tenantField.isDisabled()).toBe(true);
  await check('2-verified');
  step('Verify');

  await unitPicker.click();
  await page.getByRole('option').first().click();
  await expect.poll(() => tenantField.isEnabled()).toBe(true);
  await tenantField.fill(run.tenant.epicNo);
  await dialog.getByText(run.tenant.name).waitFor();
  const generate = dialog.getByRole('button', { name: 'Generate Application' });
  await expect.poll(() => generate.isEnabled()).toBe(true);
  await check('3-tenant-found');
  step('tenant');

  await generate.click();
  // The tenant's consent: the code the tenant received (read from the outbox as the tenant would).
  const consentField = dialog.getByLabel('Consent code');
  await consentField.waitFor();
  await check('4-generated');
  step('Generate Application');

  await consentField.fill(await latestConsentCode(page, run.landlord.epicNo));
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  const apply = dialog.getByRole('button', { name: 'Apply', exact: true });
  await apply.waitFor();
  await check('4b-consented');
  step('Tenant consent');

  await apply.click();
  await dialog
    .getByText('Application applied successfully! You can download the application below.')
    .waitFor();
  const downloadButton = dialog.getByRole('button', { name: 'Download Application' });
  await downloadButton.waitFor();
  await check('5-applied');
  step('Apply');

  const [download] = await Promise.all([page.waitForEvent('download'), downloadButton.click()]);
  expect(download.suggestedFilename()).toMatch(/^application-\d+\.pdf$/);
  const pdf = await readFile(await download.path());
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  step('Download Application');
  return { applid: Number(/application-(\d+)\.pdf/.exec(download.suggestedFilename())![1]), dialog };
}
