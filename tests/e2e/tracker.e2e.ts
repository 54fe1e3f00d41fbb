import { describe, expect, it } from 'vitest';
import { DEMO_LANDLORDS } from '../../src/server/db/seed/demo-landlords.data';
import { DESKTOP, PHONE, newContext } from '../support/e2e-server';
import { setUpE2eSuite } from '../support/e2e-suite';
import { downloadCertificate, openVerifiedTracker } from '../support/journey/tracker-steps';
import { checkScreen } from './e2e-helpers';

// The landing page's Track Application: a seeded landlord asks for an OTP (read from the development outbox),
// verifies it, picks one of its applications, tracks it (the status in words, who holds it and for how many days),
// opens the Application Flow and resets. A landlord whose seeded story ends in certify tracks that application and
// downloads its clearance certificate. Desktop and phone, axe and overflow on each step.

const e2e = setUpE2eSuite();

type Seeded = (typeof DEMO_LANDLORDS)[number];

const tracking = (seeded: Seeded) => ({ epicNo: seeded.epicNo, address: seeded.email ?? seeded.mobile });

describe.each([
  { viewport: DESKTOP, label: 'desktop', seeded: DEMO_LANDLORDS[1], certifiedOwner: DEMO_LANDLORDS[2] },
  { viewport: PHONE, label: 'phone', seeded: DEMO_LANDLORDS[0], certifiedOwner: DEMO_LANDLORDS[5] },
])('tracker ($label)', ({ viewport, label, seeded, certifiedOwner }) => {
  it('a seeded landlord tracks a seeded application', async () => {
    const context = await newContext(e2e.browser, e2e.server.baseUrl, viewport);
    const page = await context.newPage();
    const step = (name: string) => checkScreen(page, `tracker-${label}-${name}`, { fullPage: false });
    try {
      const dialog = await openVerifiedTracker(page, label === 'phone', tracking(seeded), step);
      await dialog.getByRole('combobox', { name: 'Application' }).click();
      const first = page.getByRole('option').first();
      const chosen = (await first.textContent()) ?? '';
      await first.click();
      await step('2-chosen');
      await dialog.getByRole('button', { name: 'Track' }).click();
      const result = dialog.getByLabel('Tracking result');
      await result.waitFor();
      const applid = chosen.split(':')[0];
      expect(applid).toMatch(/^\d+$/);
      await expect
        .poll(async () => (await result.textContent()) ?? '')
        .toMatch(/Application (is pending at|has been|was approved)/);
      await step('3-tracked');

      await dialog.getByRole('button', { name: 'View Application Flow' }).click();
      await dialog.getByText('Application Flow', { exact: true }).waitFor();
      await dialog.getByText('Application Submitted').first().waitFor();
      await step('4-flow');

      await dialog.getByRole('button', { name: 'Reset' }).click();
      expect(await dialog.getByLabel('Landlord Epic').inputValue()).toBe('');
    } finally {
      await context.close();
    }
  });

  it('a seeded landlord downloads the clearance certificate of its certified application', async () => {
    const context = await newContext(e2e.browser, e2e.server.baseUrl, viewport);
    const page = await context.newPage();
    const step = (name: string) =>
      checkScreen(page, `tracker-certificate-${label}-${name}`, { fullPage: false });
    try {
      const dialog = await openVerifiedTracker(page, label === 'phone', tracking(certifiedOwner), step);
      await downloadCertificate(page, dialog, step);
    } finally {
      await context.close();
    }
  });
});
