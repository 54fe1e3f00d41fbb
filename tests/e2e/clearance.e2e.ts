import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { outboxEntrySchema } from '../../src/contract/otp.contract';
import { DEMO_LANDLORDS } from '../../src/server/db/seed/demo-landlords.data';
import { DEMO_TENANTS } from '../../src/server/db/seed/demo-tenants.data';
import { DESKTOP, PHONE, newContext } from '../support/e2e-server';
import { setUpE2eSuite } from '../support/e2e-suite';
import { recordApiCalls } from '../support/round-trips';
import { checkScreen, latestOtp } from './e2e-helpers';

// The landing page's Apply for Clearance, as a landlord takes it: EPIC and OTP (read from the development outbox),
// a vacant unit, the tenant by ID number, Generate Application, the family members and helpers, Apply, Download
// Application (a real PDF), and the status notice in the outbox. Desktop and phone (each with a seeded landlord that
// has a unit no application ever used), axe and overflow on every step, and the API round trips each step waits on.

const e2e = setUpE2eSuite();

describe.each([
  { viewport: DESKTOP, label: 'desktop', landlord: DEMO_LANDLORDS[10], tenant: DEMO_TENANTS[0] },
  { viewport: PHONE, label: 'phone', landlord: DEMO_LANDLORDS[11], tenant: DEMO_TENANTS[1] },
])('clearance ($label)', ({ viewport, label, landlord, tenant }) => {
  it('a seeded landlord applies for the clearance of a registered tenant and downloads the application', async () => {
    const context = await newContext(e2e.browser, e2e.server.baseUrl, viewport);
    const page = await context.newPage();
    const api = recordApiCalls(page);
    const check = (name: string) => checkScreen(page, `clearance-${label}-${name}`, { fullPage: false });
    const address = landlord.email ?? landlord.mobile;
    const started = performance.now();
    try {
      const openClearance = async () => {
        if (label === 'phone') await page.getByRole('button', { name: 'Open the menu' }).click();
        await page.getByRole('button', { name: 'Apply for Clearance' }).first().click();
      };
      await page.goto('/');
      await openClearance();
      const dialog = page.getByRole('dialog', { name: 'CLEARANCE APPLICATION' });
      await dialog.getByLabel('Landlord Epic').waitFor();
      await check('0-empty');
      api.step('open');

      await dialog.getByLabel('Landlord Epic').fill(landlord.epicNo.toLowerCase());
      await dialog.getByRole('button', { name: 'Get OTP' }).click();
      const otp = dialog.getByLabel('OTP', { exact: true });
      await expect.poll(() => otp.isEnabled()).toBe(true);
      await check('1-code-sent');
      api.step('Get OTP');

      await otp.fill(await latestOtp(page, address));
      await dialog.getByRole('button', { name: 'Verify' }).click();
      const unitPicker = dialog.getByRole('combobox', { name: 'Rental Unit' });
      await unitPicker.waitFor();
      const tenantField = dialog.getByLabel('Tenant ID');
      expect(await tenantField.isDisabled()).toBe(true);
      await check('2-verified');
      api.step('Verify');

      await unitPicker.click();
      await page.getByRole('option').first().click();
      await expect.poll(() => tenantField.isEnabled()).toBe(true);
      await tenantField.fill(tenant.epicNo);
      const tenantName = [tenant.firstName, tenant.middleName, tenant.lastName].filter(Boolean).join(' ');
      await dialog.getByText(tenantName).waitFor();
      const generate = dialog.getByRole('button', { name: 'Generate Application' });
      await expect.poll(() => generate.isEnabled()).toBe(true);
      await check('3-tenant-found');
      api.step('tenant');

      await generate.click();
      const apply = dialog.getByRole('button', { name: 'Apply', exact: true });
      await apply.waitFor();
      await check('4-generated');
      api.step('Generate Application');

      await apply.click();
      await dialog
        .getByText('Application applied successfully! You can download the application below.')
        .waitFor();
      const downloadButton = dialog.getByRole('button', { name: 'Download Application' });
      await downloadButton.waitFor();
      await check('5-applied');
      api.step('Apply');

      const [download] = await Promise.all([page.waitForEvent('download'), downloadButton.click()]);
      expect(download.suggestedFilename()).toMatch(/^application-\d+\.pdf$/);
      const pdf = await readFile(await download.path());
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      api.step('Download Application');
      const wallMs = performance.now() - started;

      // The landlord was told: a status notice to its address names the application.
      const applid = /application-(\d+)\.pdf/.exec(download.suggestedFilename())![1];
      const outbox = outboxEntrySchema
        .array()
        .parse(await (await page.context().request.get(`/mrssapi/mrss/v-1/dev/outbox?to=${address}`)).json());
      expect(outbox.some((m) => m.text.includes(applid) && !m.subject.endsWith('one-time password'))).toBe(
        true,
      );

      // Closing the dialog forgets everything and ends the key; opening it again starts at the EPIC.
      expect(await page.evaluate(() => sessionStorage.getItem('citizenKey'))).not.toBeNull();
      await dialog.getByRole('button', { name: 'Close' }).click();
      // The key the dialog's OTP bought ends with it (POST apikey/logout), and the tab forgets it.
      await expect.poll(() => page.evaluate(() => sessionStorage.getItem('citizenKey'))).toBeNull();
      await openClearance();
      expect(
        await page
          .getByRole('dialog', { name: 'CLEARANCE APPLICATION' })
          .getByLabel('Landlord Epic')
          .inputValue(),
      ).toBe('');

      const steps = api.steps.filter((s) => s.step !== 'open');
      console.log(
        `clearance (${label}): ${Math.round(wallMs)} ms; sequential round trips per step: ` +
          steps.map((s) => `${s.step} ${s.sequential} (${s.calls.length} calls)`).join(', '),
      );
      for (const step of steps) expect(step.sequential, step.step).toBeLessThanOrEqual(2);
    } finally {
      await context.close();
    }
  });
});
