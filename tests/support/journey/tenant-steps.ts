import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { paths } from '../../../src/web/app/paths';
import { choose as chooseOption, latestOtpCode as latestOtp } from '../landlord-ui';

// A new tenant's registration at /tenant-login as a person takes it (public-portal.md section 2, "Tenant stepper"
// and "Tenant profile tabs"), shared by the tenant journey and the citizen-to-certificate journey. The photo goes
// through the camera dialog: the browser needs Chromium's fake camera (setUpE2eSuite({ fakeCamera: true })).

type Check = (name: string) => Promise<void>;

/** A picture made by the browser itself, as a phone's gallery would hold one. */
async function picture(page: Page, type: 'image/jpeg' | 'image/png', text: string): Promise<Buffer> {
  const base64 = await page.evaluate(
    ({ type, text }) => {
      const canvas = document.createElement('canvas');
      canvas.width = 320;
      canvas.height = 200;
      const context = canvas.getContext('2d') as CanvasRenderingContext2D;
      context.fillStyle = '#f1f3f5';
      context.fillRect(0, 0, 320, 200);
      context.fillStyle = '#1c1c1c';
      context.font = '28px serif';
      context.fillText(text, 20, 110);
      return canvas.toDataURL(type).split(',')[1];
    },
    { type, text },
  );
  return Buffer.from(base64, 'base64');
}

async function upload(dialog: Locator, name: string, mimeType: string, buffer: Buffer): Promise<void> {
  await dialog.locator('input[type="file"]').setInputFiles({ name, mimeType, buffer });
}

const waitGone = (locator: Locator) => locator.waitFor({ state: 'detached' });

export interface TenantRegistration {
  tenantId: string;
  email: string;
  phone: boolean;
  check: Check;
}

/**
 * From the landing page to a verified new tenant (Wanda Syiem): Register tab, Basic Details, Save, the OTP for the
 * registration number. Returns the dialog (its other tabs enabled) and the registration number.
 */
export async function registerTenant(
  page: Page,
  run: TenantRegistration,
): Promise<{ dialog: Locator; number: string }> {
  const { check } = run;
  // Step 0, from the landing page (its phone menu at 360 px): the Register tab with a new ID.
  await page.goto(paths.home);
  if (run.phone) {
    await page.getByRole('button', { name: 'Open the menu' }).click();
    await page
      .getByRole('dialog', { name: 'Menu' })
      .getByRole('link', { name: 'Register / Login as Tenant' })
      .click();
  } else {
    await page
      .getByRole('navigation', { name: 'Site' })
      .getByRole('link', { name: 'Register / Login as Tenant' })
      .click();
  }
  await page.waitForURL((url) => url.pathname === paths.tenantLogin);
  const dialog = page.getByRole('dialog', { name: 'Register / Login as Tenant' });
  await dialog.getByRole('tab', { name: 'Register' }).click();
  await check('0-register');
  await dialog.getByLabel('ID (Driving licence, PAN or EPIC number)').fill(run.tenantId);
  await dialog.getByRole('button', { name: 'Next' }).click();

  // Step 1: Basic Details of the new tenant.
  await dialog.getByRole('tab', { name: 'Basic Details' }).waitFor();
  expect(await dialog.getByRole('tab', { name: 'Documents' }).count()).toBe(0);
  await dialog.getByLabel('First Name').fill('Wanda');
  await dialog.getByLabel('Last Name').fill('Syiem');
  await dialog.getByLabel('Parent or Spouse Name').fill('R. Syiem');
  await dialog.getByLabel('Date of Birth').fill('1990-04-02');
  await chooseOption(dialog, 'Occupation', 'Teacher');
  await dialog.getByLabel('Mobile Number').fill('9863000001');
  await dialog.getByLabel('Email').fill(run.email);
  await dialog.getByLabel('Permanent Address: Address Line 1').fill('House 4, Nongthymmai');
  await chooseOption(dialog, 'Permanent Address: State', 'Meghalaya');
  await chooseOption(dialog, 'Permanent Address: District', 'East Khasi Hills');
  await dialog.getByLabel('Permanent Address: Pincode').fill('793014');
  await dialog.getByLabel('Same as Permanent Address').check();
  await check('1-basic-details');
  await dialog.getByRole('button', { name: 'Save' }).click();

  // Back at step 0: the OTP for the registration number, read from the outbox.
  const registration = dialog.getByText(/Your registration number is/);
  await registration.waitFor();
  const number = (await registration.textContent())?.match(/\d+/)?.[0];
  expect(number).toMatch(/^\d+$/);
  await expect.poll(() => dialog.getByLabel('Enter OTP').isEnabled()).toBe(true);
  await check('2-registration-otp');
  await dialog.getByLabel('Enter OTP').fill(await latestOtp(page, run.email));
  await dialog.getByRole('button', { name: 'Next' }).click();
  await page.getByText(/OTP has been verified. You can now proceed further data entries!/).waitFor();
  await expect.poll(() => dialog.getByRole('tab', { name: 'Documents' }).isEnabled()).toBe(true);
  return { dialog, number: number! };
}

/** A family member (Ribha Syiem, spouse), then the photo upload that follows the save. */
export async function addFamilyMember(page: Page, dialog: Locator, check: Check): Promise<void> {
  await dialog.getByRole('tab', { name: 'Family Members' }).click();
  await dialog.getByRole('button', { name: 'New Family Member' }).click();
  const family = page.getByRole('dialog', { name: 'New Family Member' });
  await family.getByLabel('Member Name').fill('Ribha Syiem');
  await chooseOption(family, 'Relationship', 'Spouse');
  await chooseOption(family, 'Occupation', 'Teacher');
  await check('3-family-dialog');
  await family.getByRole('button', { name: 'Save' }).click();
  const photo = page.getByRole('dialog', { name: 'Upload Photo' });
  await photo.waitFor();
  await upload(photo, 'ribha.jpg', 'image/jpeg', await picture(page, 'image/jpeg', 'Ribha'));
  await check('4-family-photo');
  await photo.getByRole('button', { name: 'Upload' }).click();
  await waitGone(photo);
  await dialog.getByRole('cell', { name: 'Ribha Syiem', exact: true }).waitFor();
  await check('5-family-list');
}

/** A domestic helper (Kong Mary), then the signature upload; from the Family Members tab (Skip moves on). */
export async function addHelper(page: Page, dialog: Locator, check: Check): Promise<void> {
  await dialog.getByRole('button', { name: 'Skip' }).click();
  await dialog.getByRole('button', { name: 'New Helper' }).click();
  const helper = page.getByRole('dialog', { name: 'New Helper' });
  await helper.getByLabel('Member Name').fill('Kong Mary');
  await helper.getByLabel('Date of Birth').fill('1975-01-20');
  await helper.getByLabel('Permanent Address: Address Line 1').fill('Mawkhar');
  await chooseOption(helper, 'Permanent Address: State', 'Meghalaya');
  await chooseOption(helper, 'Permanent Address: District', 'East Khasi Hills');
  await helper.getByLabel('Permanent Address: Pincode').fill('793002');
  await check('6-helper-dialog');
  await helper.getByRole('button', { name: 'Save' }).click();
  const signature = page.getByRole('dialog', { name: 'Upload Signature' });
  await signature.waitFor();
  await upload(signature, 'mary.png', 'image/png', await picture(page, 'image/png', 'K. Mary'));
  await signature.getByRole('button', { name: 'Upload' }).click();
  await waitGone(signature);
  await dialog.getByRole('cell', { name: 'Kong Mary', exact: true }).waitFor();
  await check('7-helpers-list');
}

/** The three documents: the photo through the camera, the proof as a JPEG, the signature as a PNG. */
export async function addDocuments(page: Page, dialog: Locator, check: Check): Promise<void> {
  await dialog.getByRole('button', { name: 'Skip' }).click();
  const newDocument = page.getByRole('dialog', { name: 'New Document' });
  await dialog.getByRole('button', { name: 'New Document' }).click();
  await chooseOption(newDocument, 'Document Type', 'Photo');
  await newDocument.getByRole('button', { name: 'Camera' }).click();
  const camera = page.getByRole('dialog', { name: 'Take a photo' });
  await expect.poll(() => camera.getByRole('button', { name: 'Capture' }).isEnabled()).toBe(true);
  await expect
    .poll(() => camera.locator('video').evaluate((v: HTMLVideoElement) => v.videoWidth))
    .toBeGreaterThan(0);
  await check('8-camera');
  await camera.getByRole('button', { name: 'Capture' }).click();
  await waitGone(camera);
  await newDocument.getByRole('button', { name: 'Upload' }).click();
  await waitGone(newDocument);
  await dialog.getByRole('button', { name: 'View Photo' }).waitFor();

  await dialog.getByRole('button', { name: 'New Document' }).click();
  await chooseOption(newDocument, 'Document Type', 'Identity proof');
  await chooseOption(newDocument, 'Kind of Identity Proof', 'PAN card');
  await upload(newDocument, 'pan.jpg', 'image/jpeg', await picture(page, 'image/jpeg', 'PAN ABCDE1234F'));
  await check('9-identity-proof');
  await newDocument.getByRole('button', { name: 'Upload' }).click();
  await waitGone(newDocument);
  await dialog.getByRole('button', { name: 'View Identity proof' }).waitFor();

  await dialog.getByRole('button', { name: 'New Document' }).click();
  await chooseOption(newDocument, 'Document Type', 'Signature');
  await upload(newDocument, 'sign.png', 'image/png', await picture(page, 'image/png', 'W. Syiem'));
  await newDocument.getByRole('button', { name: 'Upload' }).click();
  await waitGone(newDocument);
  await dialog.getByRole('button', { name: 'View Signature' }).waitFor();
  expect(await dialog.getByRole('cell', { name: 'image/jpeg' }).count()).toBe(3);
  await check('10-documents');
}
