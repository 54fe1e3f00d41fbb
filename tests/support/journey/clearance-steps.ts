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
  /**
   * The consent step's detours first (docs/tenant-consent.md): Reset there withdraws the application and the same
   * unit is offered again; after Resend code the tenant's first code is refused as replaced by a newer one.
   */
  consentDetours?: boolean;
}

/** Opens the dialog from the landing page (through the phone menu at phone width). */
export async function openClearance(page: Page, phone: boolean): Promise<Locator> {
  if (phone) await page.getByRole('button', { name: 'Open the menu' }).click();
  await page.getByRole('button', { name: 'Apply for Clearance' }).first().click();
  return page.getByRole('dialog', { name: 'CLEARANCE APPLICATION' });
}

/** EPIC, Get OTP and Verify with the code from the outbox, up to the Rental Unit picker; checked the first time. */
async function signIn(page: Page, dialog: Locator, run: ClearanceRun, first: boolean): Promise<void> {
  const check = first ? run.check : async () => {};
  const again = first ? '' : ' again';
  await dialog.getByLabel('Landlord Epic').fill(run.landlord.epicNo.toLowerCase());
  await dialog.getByRole('button', { name: 'Get OTP' }).click();
  const otp = dialog.getByLabel('OTP', { exact: true });
  await expect.poll(() => otp.isEnabled()).toBe(true);
  await check('1-code-sent');
  run.step(`Get OTP${again}`);

  await otp.fill(await latestOtpCode(page, run.landlord.address));
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await dialog.getByRole('combobox', { name: 'Rental Unit' }).waitFor();
  expect(await dialog.getByLabel('Tenant ID').isDisabled()).toBe(true);
  await check('2-verified');
  run.step(`Verify${again}`);
}

/** The unit (the first offered, or the one with this label), the tenant by ID, Generate Application. */
async function generateFor(page: Page, dialog: Locator, run: ClearanceRun, unit?: string): Promise<string> {
  const first = unit === undefined;
  await dialog.getByRole('combobox', { name: 'Rental Unit' }).click();
  const option = first
    ? page.getByRole('option').first()
    : page.getByRole('option', { name: unit, exact: true });
  const label = (await option.textContent()) ?? '';
  await option.click();
  const tenantField = dialog.getByLabel('Tenant ID');
  await expect.poll(() => tenantField.isEnabled()).toBe(true);
  await tenantField.fill(run.tenant.epicNo);
  await dialog.getByText(run.tenant.name).waitFor();
  const generate = dialog.getByRole('button', { name: 'Generate Application' });
  await expect.poll(() => generate.isEnabled()).toBe(true);
  if (first) await run.check('3-tenant-found');
  run.step(first ? 'tenant' : 'tenant again');

  await generate.click();
  await dialog.getByLabel('Consent code').waitFor();
  if (first) await run.check('4-generated');
  run.step(first ? 'Generate Application' : 'Generate Application again');
  return label;
}

/**
 * Reset on the consent step withdraws the application: the dialog starts again, and after signing in again the
 * same unit is offered (it is free again). Then Resend code, and the tenant's first code is refused as replaced.
 */
async function consentDetours(page: Page, dialog: Locator, run: ClearanceRun, unit: string): Promise<void> {
  await dialog.getByRole('button', { name: 'Reset' }).click();
  await dialog.getByText('The application was withdrawn. The rental unit is free again.').waitFor();
  expect(await dialog.getByLabel('Landlord Epic').inputValue()).toBe('');
  await run.check('4w-withdrawn');
  run.step('Reset withdraws');
  await signIn(page, dialog, run, false);
  await generateFor(page, dialog, run, unit);

  const first = await latestConsentCode(page, run.landlord.epicNo);
  await dialog.getByRole('button', { name: 'Resend code' }).click();
  await dialog.getByText('A new code was sent to the tenant. The earlier code no longer works.').waitFor();
  run.step('Resend code');
  await dialog.getByLabel('Consent code').fill(first);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await dialog
    .getByText('This code was replaced by a newer one. Enter the latest code sent to the tenant.')
    .waitFor();
  await run.check('4r-code-replaced');
  run.step('Replaced code');
}

/**
 * From the landing page to the downloaded application: EPIC, OTP from the outbox, the first vacant unit, the tenant
 * by its ID, Generate Application, (the consent detours when asked), the tenant's consent code from the outbox and
 * the line saying when it was received, Apply (no members ticked), Download Application (a real PDF).
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

  await signIn(page, dialog, run, true);
  const unit = await generateFor(page, dialog, run);
  if (run.consentDetours) await consentDetours(page, dialog, run, unit);

  // The tenant's consent: the code the tenant received (read from the outbox as the tenant would).
  const consentField = dialog.getByLabel('Consent code');
  await consentField.fill(await latestConsentCode(page, run.landlord.epicNo));
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  const apply = dialog.getByRole('button', { name: 'Apply', exact: true });
  await apply.waitFor();
  await dialog
    .getByText(/^The tenant's consent was received on \d{2}-\d{2}-\d{4} \d{2}:\d{2} IST\.$/)
    .waitFor();
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
