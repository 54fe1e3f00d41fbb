import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { latestOtpCode } from '../landlord-ui';

// The landing page's Track Application Status dialog as a landlord takes it (public-portal.md section 2), shared by
// the tracker journey and the citizen-to-certificate journey.

export interface TrackingLandlord {
  epicNo: string;
  /** Where its OTP goes: its email, else its mobile. */
  address: string;
}

/** Opens the dialog from the landing page and passes the OTP step; the application picker is then shown. */
export async function openVerifiedTracker(
  page: Page,
  phone: boolean,
  landlord: TrackingLandlord,
  step: (name: string) => Promise<void>,
): Promise<Locator> {
  await page.goto('/');
  if (phone) await page.getByRole('button', { name: 'Open the menu' }).click();
  await page.getByRole('button', { name: 'Track Application' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Track Application Status' });
  await dialog.getByLabel('Landlord Epic').waitFor();
  await step('0-empty');

  await dialog.getByLabel('Landlord Epic').fill(landlord.epicNo.toLowerCase());
  await dialog.getByRole('button', { name: 'Get OTP' }).click();
  const otp = dialog.getByLabel('OTP', { exact: true });
  await expect.poll(() => otp.isEnabled()).toBe(true);
  await step('1-code-sent');
  await otp.fill(await latestOtpCode(page, landlord.address));
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await dialog.getByRole('combobox', { name: 'Application' }).waitFor();
  return dialog;
}

/**
 * Picks the approved application `applid` (or the only approved one), tracks it and downloads its clearance
 * certificate; returns the PDF's bytes, checked to be a PDF named after the application.
 */
export async function downloadCertificate(
  page: Page,
  dialog: Locator,
  step: (name: string) => Promise<void>,
  applid?: number,
): Promise<{ applid: number; pdf: Buffer }> {
  await dialog.getByRole('combobox', { name: 'Application' }).click();
  const approved = page
    .getByRole('option')
    .filter({ hasText: applid === undefined ? 'Application has been approved.' : `${applid}:` });
  expect(await approved.count()).toBe(1);
  const chosen = Number(((await approved.textContent()) ?? '').split(':')[0]);
  await approved.click();
  await dialog.getByRole('button', { name: 'Track' }).click();
  const result = dialog.getByLabel('Tracking result');
  await result.getByText('Application has been approved.').waitFor();
  const download = result.getByRole('button', { name: 'Download Certificate' });
  await download.waitFor();
  await step('2-certified');

  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toBe(`clearance-certificate-${chosen}.pdf`);
  const pdf = await readFile(await file.path());
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  await expect.poll(() => download.isEnabled()).toBe(true);
  expect(await dialog.getByText(/^Sorry,/).count()).toBe(0);
  return { applid: chosen, pdf };
}
