import type { Locator, Page } from 'playwright-core';
import { outboxEntrySchema } from '../../src/contract/otp.contract';

// Steps of the landlord wizard as a person takes them in Chromium, shared by the landlord journey (e2e) and the
// registration benchmark (bench/landlord-registration.bench.ts).

const API = '/mrssapi/mrss/v-1';

/** The development outbox's messages (to `to`, an email or mobile, when given), newest first. */
async function outboxTo(page: Page, to?: string) {
  const query = to ? `?to=${encodeURIComponent(to)}` : '';
  const reply = await page.context().request.get(`${API}/dev/outbox${query}`);
  if (reply.status() !== 200) throw new Error(`dev/outbox answered ${reply.status()}`);
  return outboxEntrySchema.array().parse(await reply.json());
}

const isOtpMessage = (entry: { subject: string }) => entry.subject.endsWith('one-time password');

/**
 * The code in the newest one-time-password message to `to` (an email or mobile) in the development outbox, as a
 * person reads it: never a fixed code. Status notices go to the same address and are passed over.
 */
export async function latestOtpCode(page: Page, to: string): Promise<string> {
  const newest = (await outboxTo(page, to)).find(isOtpMessage);
  const code = newest?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no OTP in the outbox for ${to}`);
  return code;
}

/**
 * The tenant's consent code for the newest application of the landlord with this EPIC, read from the development
 * outbox as the tenant reads it (docs/tenant-consent.md: the message names the landlord's EPIC).
 */
export async function latestConsentCode(page: Page, landlordEpic: string): Promise<string> {
  const newest = (await outboxTo(page)).find(
    (m) => m.subject.endsWith('consent to police verification') && m.text.includes(`(EPIC ${landlordEpic})`),
  );
  const code = newest?.text.match(/consent code is (\d{6})\b/)?.[1];
  if (!code) throw new Error(`no consent code in the outbox for landlord ${landlordEpic}`);
  return code;
}

/** Picks an option of a Mantine Select by its label. */
export async function choose(scope: Locator, label: string | RegExp, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label }).click();
  await scope.page().getByRole('option', { name: option, exact: true }).click();
}

/** Waits for a snackbar with this text. */
export const snackbar = (page: Page, text: string | RegExp) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text }).first().waitFor();

/** Fills Basic Details of a new landlord (the present address as the permanent one). */
export async function fillLandlordDetails(main: Locator, email: string): Promise<void> {
  await main.getByLabel(/^First Name/).fill('Banshan');
  await main.getByLabel(/^Last Name/).fill('Syiem');
  await choose(main, /^Occupation/, 'Teacher');
  await main.getByLabel(/^Mobile Number/).fill('9862055555');
  await main.getByLabel(/^Email/).fill(email);
  await main.getByLabel(/^Permanent Address: Address Line 1/).fill('Mawlai Mawdatbaki');
  await choose(main, /^Permanent Address: State/, 'Meghalaya');
  await choose(main, /^Permanent Address: District/, 'East Khasi Hills');
  await main.getByLabel(/^Permanent Address: Pincode/).fill('793008');
  await main.getByLabel('Same as Permanent Address').check();
}

/** Fills the New Rental Unit dialog through its pickers (district, police station, ward). */
export async function fillRentalUnit(dialog: Locator, ward = 'Nongrim Hills'): Promise<void> {
  await dialog.getByLabel(/^House Number/).fill('B-7');
  await dialog.getByLabel(/^Floor Number\/Flat Number/).fill('Ground');
  await dialog.getByLabel(/^Address Line 1/).fill('Mawlai Nongkwar');
  await choose(dialog, /^District/, 'East Khasi Hills');
  await choose(dialog, /^Police Station/, 'Laitumkhrah Police Station');
  await choose(dialog, /^Sub-Locality\/Ward/, ward);
  await dialog.getByLabel(/^Pincode/).fill('793008');
}

/** The texts of the status notices (not the OTP messages) sent to `to` that name application `applid`. */
export async function statusNotices(page: Page, to: string, applid: number): Promise<string[]> {
  return (await outboxTo(page, to))
    .filter((entry) => !isOtpMessage(entry) && entry.text.includes(`application ${applid}:`))
    .map((entry) => entry.text);
}
