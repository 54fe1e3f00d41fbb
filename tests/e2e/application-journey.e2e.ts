import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE } from '../support/e2e-server';
import { setUpE2eSuite } from '../support/e2e-suite';
import {
  actAndConfirm,
  listedIds,
  navigateInApp,
  openApplication,
  openList,
  signedIn as signedInAs,
} from '../support/journey/official-steps';
import { screenshot, seriousViolations } from './e2e-helpers';

// One application through the officials' screens against the real server and seeded database: the ward officer
// recommends approval, the locality officer accepts, and an officer of another ward never sees it.

const e2e = setUpE2eSuite();

/** A new context signed in as `username`. */
const signedIn = (username: string, viewport?: { width: number; height: number }) =>
  signedInAs(e2e, username, viewport);

async function cardCount(page: Page, key: string): Promise<number> {
  await navigateInApp(page, '/app/dashboard');
  const text = await page.getByTestId(`dashboard-card-${key}`).textContent();
  return Number(/(\d+)/.exec(text ?? '')?.[1]);
}

describe('application journey', () => {
  it('moves a pending application from the ward officer to the locality officer, and only within jurisdiction', async () => {
    // The ward officer recommends approval of a seeded pending application.
    const moderator = await signedIn('moderator');
    const pendingBefore = await cardCount(moderator, 'pending');
    const forwardedBefore = await cardCount(moderator, 'forwarded');
    await openList(moderator, 'Pending');
    const pending = await listedIds(moderator);
    expect(pending.length).toBeGreaterThan(0);
    const applid = pending[0];
    await screenshot(moderator, 'applications-pending-moderator-desktop');
    // The list exports as a real PDF (jspdf is fetched on the first export).
    const download = moderator.waitForEvent('download');
    await moderator.getByRole('button', { name: 'Export PDF' }).click();
    const pdf = await download;
    expect(pdf.suggestedFilename()).toBe('pending-applications-page-1.pdf');
    const bytes = readFileSync(await pdf.path());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await seriousViolations(moderator)).toEqual([]);
    await openApplication(moderator, applid);
    expect(await seriousViolations(moderator)).toEqual([]);

    // Documents open as images; the complete application opens as a PDF from a blob URL the CSP allows.
    const refusedByCsp: string[] = [];
    moderator.on(
      'console',
      (msg) => msg.text().includes('Content Security Policy') && refusedByCsp.push(msg.text()),
    );
    await moderator.getByRole('button', { name: 'View PHOTO' }).click();
    const photo = moderator.getByRole('dialog', { name: 'PHOTO' });
    await photo.getByRole('img', { name: 'PHOTO' }).waitFor();
    await photo.getByRole('button', { name: 'Close' }).click();
    await photo.waitFor({ state: 'detached' });
    await moderator.getByRole('button', { name: 'View Complete Application' }).click();
    const form = moderator.getByRole('dialog', { name: 'Complete Application' });
    expect(await form.locator('iframe[title="Complete Application"]').getAttribute('src')).toMatch(/^blob:/);
    await form.getByRole('button', { name: 'Close' }).click();
    await form.waitFor({ state: 'detached' });
    expect(refusedByCsp).toEqual([]);
    expect(await moderator.getByRole('button', { name: 'Accept', exact: true }).count()).toBe(0);
    await screenshot(moderator, 'application-detail-moderator-desktop');
    await actAndConfirm(
      moderator,
      'Recommend Approval',
      `Application ${applid} was recommended for approval and forwarded to the Locality.`,
    );

    await moderator.getByRole('status', { name: 'Loading applications' }).waitFor({ state: 'detached' });
    expect(await listedIds(moderator)).not.toContain(applid);
    await openList(moderator, 'Forwarded');
    expect(await listedIds(moderator)).toContain(applid);
    expect(await moderator.getByTestId(`application-row-${applid}`).textContent()).toContain(
      'Pending at Locality/Cantonment level',
    );
    expect(await cardCount(moderator, 'pending')).toBe(pendingBefore - 1);
    expect(await cardCount(moderator, 'forwarded')).toBe(forwardedBefore + 1);

    // The locality officer of that ward's locality accepts it.
    const supermoderator = await signedIn('supermoderator');
    await openList(supermoderator, 'Pending');
    await supermoderator
      .getByLabel(/Filter applications by Sub-Localities\/Wards/)
      .first()
      .waitFor();
    expect(await listedIds(supermoderator)).toContain(applid);
    await openApplication(supermoderator, applid);
    await actAndConfirm(supermoderator, 'Accept', 'Successfully Approved Application');
    await openList(supermoderator, 'Approved');
    expect(await listedIds(supermoderator)).toContain(applid);

    // The flow timeline shows every step, dated day-month-year.
    await openApplication(supermoderator, applid);
    await supermoderator.getByRole('button', { name: 'Application Flow' }).click();
    const flow = supermoderator.getByRole('dialog', { name: 'Application Flow' });
    for (const step of [
      'Application Submitted',
      'Application forwarded to Locality by Sub-Locality/Wards',
      'Application approved by Locality',
    ]) {
      await flow.getByText(step, { exact: true }).waitFor();
    }
    expect(await flow.textContent()).toMatch(/\d{2}-\d{2}-\d{4}/);
    await screenshot(supermoderator, 'application-flow-supermoderator-desktop');

    // An officer of another ward sees it in none of its lists.
    const moderator2 = await signedIn('moderator2');
    for (const list of ['Pending', 'Forwarded', 'Approved', 'Rejected'] as const) {
      await openList(moderator2, list);
      expect(await listedIds(moderator2), list).not.toContain(applid);
    }
  });

  it('shows the list and the detail dialog on a 360 px phone without sideways scrolling of the page', async () => {
    const page = await signedIn('supermoderator', PHONE);
    await navigateInApp(page, '/app/application/approved');
    await page.getByRole('heading', { name: 'Approved Applications' }).waitFor();
    await page.getByRole('status', { name: 'Loading applications' }).waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'applications-approved-supermoderator-360');
    const [first] = await listedIds(page);
    expect(first).toBeGreaterThan(0);
    await openApplication(page, first);
    await screenshot(page, 'application-detail-supermoderator-360');
    await navigateInApp(page, '/app/landlords');
    await page.getByRole('table', { name: 'Landlords' }).waitFor();
    await screenshot(page, 'landlords-supermoderator-360');
  });
});
