import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { paths } from '../../src/web/app/paths';
import {
  DESKTOP,
  PHONE,
  launchChromium,
  newContext,
  startE2eServer,
  type E2eServer,
} from '../support/e2e-server';
import { checkScreen, chooseOption, latestOtp } from './e2e-helpers';

const checkStep = (page: Page, name: string) => checkScreen(page, `tenant-${name}`, { fullPage: false });

// A NEW tenant registers at /tenant-login: Register tab, ID, Basic Details, save, the OTP for the registration
// number from the development outbox, then a family member (photo) and a helper (signature), the three documents
// (the photo through the camera dialog on Chromium's fake camera, the signature as a PNG the browser turns into a
// JPEG), and the registration form, whose bytes must be a PDF. On a desktop and on a phone, axe on every step.

let server: E2eServer;
let browser: Browser;

beforeAll(async () => {
  server = await startE2eServer();
  // A fake camera that needs no permission prompt: the camera dialog gets a real (synthetic) video stream.
  browser = await launchChromium({
    extraArgs: ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const API = '/mrssapi/mrss/v-1';

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

describe.each([
  { viewport: DESKTOP, label: 'desktop' },
  { viewport: PHONE, label: 'phone' },
])('a new tenant registers ($label)', ({ viewport, label }) => {
  it('registers, verifies by OTP, adds family, helper and documents, downloads the form, logs out and back in', async () => {
    const stamp = `${Date.now()}`.slice(-7);
    const tenantId = `DL${label === 'phone' ? 'P' : 'D'}E${stamp}`;
    const email = `tenant.${label}.${stamp}@example.in`;
    const context = await newContext(browser, server.baseUrl, viewport);
    const page = await context.newPage();
    try {
      // Step 0, from the landing page (its phone menu at 360 px): the Register tab with a new ID.
      await page.goto(paths.home);
      if (label === 'phone') {
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
      await checkStep(page, `${label}-0-register`);
      await dialog.getByLabel('ID (Driving licence, PAN or EPIC number)').fill(tenantId);
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
      await dialog.getByLabel('Email').fill(email);
      await dialog.getByLabel('Permanent Address: Address Line 1').fill('House 4, Nongthymmai');
      await chooseOption(dialog, 'Permanent Address: State', 'Meghalaya');
      await chooseOption(dialog, 'Permanent Address: District', 'East Khasi Hills');
      await dialog.getByLabel('Permanent Address: Pincode').fill('793014');
      await dialog.getByLabel('Same as Permanent Address').check();
      await checkStep(page, `${label}-1-basic-details`);
      await dialog.getByRole('button', { name: 'Save' }).click();

      // Back at step 0: the OTP for the registration number, read from the outbox.
      const registration = dialog.getByText(/Your registration number is/);
      await registration.waitFor();
      const number = (await registration.textContent())?.match(/\d+/)?.[0];
      expect(number).toMatch(/^\d+$/);
      await expect.poll(() => dialog.getByLabel('Enter OTP').isEnabled()).toBe(true);
      await checkStep(page, `${label}-2-registration-otp`);
      await dialog.getByLabel('Enter OTP').fill(await latestOtp(page, email));
      await dialog.getByRole('button', { name: 'Next' }).click();
      await page.getByText(/OTP has been verified. You can now proceed further data entries!/).waitFor();
      await expect.poll(() => dialog.getByRole('tab', { name: 'Documents' }).isEnabled()).toBe(true);

      // A family member, then the photo upload that follows the save.
      await dialog.getByRole('tab', { name: 'Family Members' }).click();
      await dialog.getByRole('button', { name: 'New Family Member' }).click();
      const family = page.getByRole('dialog', { name: 'New Family Member' });
      await family.getByLabel('Member Name').fill('Ribha Syiem');
      await chooseOption(family, 'Relationship', 'Spouse');
      await chooseOption(family, 'Occupation', 'Teacher');
      await checkStep(page, `${label}-3-family-dialog`);
      await family.getByRole('button', { name: 'Save' }).click();
      const photo = page.getByRole('dialog', { name: 'Upload Photo' });
      await photo.waitFor();
      await upload(photo, 'ribha.jpg', 'image/jpeg', await picture(page, 'image/jpeg', 'Ribha'));
      await checkStep(page, `${label}-4-family-photo`);
      await photo.getByRole('button', { name: 'Upload' }).click();
      await waitGone(photo);
      await dialog.getByRole('cell', { name: 'Ribha Syiem', exact: true }).waitFor();
      await checkStep(page, `${label}-5-family-list`);

      // A domestic helper, then the signature upload.
      await dialog.getByRole('button', { name: 'Skip' }).click();
      await dialog.getByRole('button', { name: 'New Helper' }).click();
      const helper = page.getByRole('dialog', { name: 'New Helper' });
      await helper.getByLabel('Member Name').fill('Kong Mary');
      await helper.getByLabel('Date of Birth').fill('1975-01-20');
      await helper.getByLabel('Permanent Address: Address Line 1').fill('Mawkhar');
      await chooseOption(helper, 'Permanent Address: State', 'Meghalaya');
      await chooseOption(helper, 'Permanent Address: District', 'East Khasi Hills');
      await helper.getByLabel('Permanent Address: Pincode').fill('793002');
      await checkStep(page, `${label}-6-helper-dialog`);
      await helper.getByRole('button', { name: 'Save' }).click();
      const signature = page.getByRole('dialog', { name: 'Upload Signature' });
      await signature.waitFor();
      await upload(signature, 'mary.png', 'image/png', await picture(page, 'image/png', 'K. Mary'));
      await signature.getByRole('button', { name: 'Upload' }).click();
      await waitGone(signature);
      await dialog.getByRole('cell', { name: 'Kong Mary', exact: true }).waitFor();
      await checkStep(page, `${label}-7-helpers-list`);

      // The three documents: the photo through the camera, the proof as a JPEG, the signature as a PNG.
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
      await checkStep(page, `${label}-8-camera`);
      await camera.getByRole('button', { name: 'Capture' }).click();
      await waitGone(camera);
      await newDocument.getByRole('button', { name: 'Upload' }).click();
      await waitGone(newDocument);
      await dialog.getByRole('button', { name: 'View Photo' }).waitFor();

      await dialog.getByRole('button', { name: 'New Document' }).click();
      await chooseOption(newDocument, 'Document Type', 'Identity proof');
      await chooseOption(newDocument, 'Kind of Identity Proof', 'PAN card');
      await upload(newDocument, 'pan.jpg', 'image/jpeg', await picture(page, 'image/jpeg', 'PAN ABCDE1234F'));
      await checkStep(page, `${label}-9-identity-proof`);
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
      await checkStep(page, `${label}-10-documents`);

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
      expect(await page.evaluate(() => sessionStorage.getItem('citizenKey'))).toBeNull();
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
