import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CHANNEL_CHANGE_MESSAGES } from '../../src/contract/channel-changes.contract';
import { TENANT_MESSAGES } from '../../machines/access/tenant-stepper.types';
import { paths } from '../../src/web/app/paths';
import { DOCUMENT_CHECKED_LABEL } from '../../src/web/features/tenants-office/settle-contest-form';
import { DESKTOP, PHONE, newContext } from '../support/e2e-server';
import { setUpE2eSuite } from '../support/e2e-suite';
import { tenantBody } from '../server/tenants-test-helpers';
import { API, callApi, checkScreen, latestOtp, openMenuEntry, signInThroughDialog } from './e2e-helpers';

// Issue 20, re-attack M2 (docs/otp-channel-changes.md, "A contested record"), in the real product: a moderator
// registers an ID number at its counter and deletes the record; someone registers the ID again with another
// contact. On a phone with touch, the holder of the kept channel signs in and sees only the held change, which it
// stops; then the locality officer, with the person at the counter, settles the record from the Tenants page.

const e2e = setUpE2eSuite();

const stamp = `${Date.now()}`.slice(-7);
const epicNo = `CNT${stamp}`;
const kept = { email: `kept.${stamp}@example.in`, mobile: '9863000071' };
const person = { email: `person.${stamp}@example.in`, mobile: '9863000072' };

/** The moderator registers the ID with the kept contact and deletes it; the public form registers it again. */
async function makeContestedRecord(page: Page): Promise<void> {
  await signInThroughDialog(page, 'moderator');
  const first = await callApi<{ id: number }>(page, 'POST', 'register/tenant', {
    ...tenantBody(epicNo),
    ...kept,
  });
  expect(first.status).toBe(200);
  expect((await callApi(page, 'DELETE', `register/tenant/${first.data.id}`)).status).toBe(200);
  const again = await page.context().request.post(`${API}/process/tenant`, {
    data: { ...tenantBody(epicNo), firstName: 'Realperson', ...person },
  });
  expect(again.status()).toBe(200);
}

describe('a contested tenant record', () => {
  it('the kept channel sees only the held change on a phone; the locality officer settles it at the counter', async () => {
    const setup = await newContext(e2e.browser, e2e.server.baseUrl, DESKTOP);
    await makeContestedRecord(await setup.newPage());
    await setup.close();

    // The kept channel's holder, on a 360 px phone with touch.
    const phone = await e2e.browser.newContext({
      baseURL: e2e.server.baseUrl,
      viewport: PHONE,
      isMobile: true,
      hasTouch: true,
      reducedMotion: 'reduce',
    });
    try {
      const page = await phone.newPage();
      await page.goto(paths.tenantLogin);
      const dialog = page.getByRole('dialog', { name: 'Register / Login as Tenant' });
      await dialog.getByLabel('ID (Driving licence, PAN or EPIC number)').fill(epicNo);
      await dialog.getByRole('button', { name: 'Get OTP' }).tap();
      await expect.poll(() => dialog.getByLabel('Enter OTP').isEnabled()).toBe(true);
      await dialog.getByLabel('Enter OTP').fill(await latestOtp(page, kept.email));
      await dialog.getByRole('button', { name: 'Next' }).tap();
      await dialog.getByText('This record is contested').waitFor();
      await dialog.getByText(TENANT_MESSAGES.heldChangeOnly).waitFor();
      await dialog.getByText('A change of your mobile number and email address is pending').waitFor();
      expect(await dialog.getByRole('tab', { name: 'Basic Details' }).count()).toBe(0);
      expect(await dialog.getByText('Realperson').count()).toBe(0);
      await checkScreen(page, 'contested-phone-held-change', { fullPage: false });
      await dialog.getByRole('button', { name: 'Stop this change' }).tap();
      await page.getByRole('button', { name: 'Stop the change' }).tap();
      await dialog.getByText(CHANNEL_CHANGE_MESSAGES.stopped('citizen')).waitFor();
      await checkScreen(page, 'contested-phone-stopped', { fullPage: false });
    } finally {
      await phone.close();
    }

    // The locality officer, the person at the counter with its identity document.
    const office = await newContext(e2e.browser, e2e.server.baseUrl, DESKTOP);
    try {
      const page = await office.newPage();
      await signInThroughDialog(page, 'supermoderator');
      await openMenuEntry(page, 'Tenants');
      const main = page.getByRole('main');
      await main.getByRole('button', { name: 'Contested Record' }).click();
      const form = main.getByRole('form', { name: 'Settle a contested record' });
      await form.getByLabel('ID number on the document').fill(epicNo.toLowerCase());
      await form.getByLabel('Mobile number').fill(person.mobile);
      await form.getByLabel('Email address').fill(person.email);
      await form.getByRole('button', { name: 'Settle' }).click();
      await form.getByText('Check the identity document first.').waitFor();
      await form.getByRole('checkbox', { name: DOCUMENT_CHECKED_LABEL }).check();
      await checkScreen(page, 'contested-office-form');
      await form.getByRole('button', { name: 'Settle' }).click();
      const question = page.getByRole('dialog', { name: 'Settle this record?' });
      await question.getByText(/Read them back to the person/).waitFor();
      await checkScreen(page, 'contested-office-read-back');
      await question.getByRole('button', { name: 'Settle' }).click();
      await form
        .getByText(/The identity was checked at the counter\. The new mobile number and email address/)
        .waitFor();
      await checkScreen(page, 'contested-office-settled');
      // The kept channel was told, and no key of it may stop this change.
      expect(await newestMessageTo(page, kept.email)).toContain('cannot be stopped online');
    } finally {
      await office.close();
    }
  });
});

/** The newest message to an address in the development outbox (its text). */
async function newestMessageTo(page: Page, to: string): Promise<string> {
  const reply = await page.context().request.get(`${API}/dev/outbox?to=${encodeURIComponent(to)}`);
  const [newest] = (await reply.json()) as { text: string }[];
  return newest?.text ?? '';
}
