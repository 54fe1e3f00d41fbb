import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { JURISDICTION_ADMIN_MESSAGES as M } from '../../src/contract/jurisdiction-admin.contract';
import { ROLE_LABELS } from '../../src/contract/roles';
import { STAFF_USER_MESSAGES } from '../../src/contract/staff-users.contract';
import { newContext, PHONE } from '../support/e2e-server';
import { setUpE2eSuite } from '../support/e2e-suite';
import {
  checkScreen,
  openMenuEntry,
  screenshot,
  settle,
  signInThroughDialog,
  submitLoginDialog,
} from './e2e-helpers';

// An admin builds a station, a locality and a ward and gives the ward its officer; the officer signs in at once
// and sees only its (empty) ward. A supervisor reads the stations without any way to change them.

const e2e = setUpE2eSuite();
const OFFICER = 'umiam-ward-officer';
const OFFICER_PASSWORD = 'Umiam-Lake-Boats-77';

async function snackbar(page: Page, text: string) {
  await page.getByRole('status').filter({ hasText: text }).first().waitFor();
}

async function rowOf(page: Page, text: string) {
  const row = page.getByRole('row').filter({ hasText: text });
  await row.waitFor();
  return row;
}

describe('jurisdiction administration', () => {
  it('an admin creates a station, a locality, a ward and its officer, who then sees only its own ward', async () => {
    const context = await newContext(e2e.browser, e2e.server.baseUrl);
    const page = await context.newPage();
    try {
      await signInThroughDialog(page, 'admin');
      await openMenuEntry(page, 'Police Stations');
      await page.getByRole('heading', { name: 'New Police Station' }).waitFor();
      await page.getByRole('button', { name: 'Add Police Station' }).click();
      const entry = page.getByRole('dialog', { name: 'Police Station Entry' });
      await entry.getByRole('button', { name: 'Add Police Station' }).click();
      await entry.getByText(M.stationNameRequired).waitFor();
      await entry.getByText(M.districtRequired).waitFor();
      await checkScreen(page, 'jurisdiction-station-entry-errors-desktop', { fullPage: false });
      await entry.getByLabel('Police Station Name').fill('Umiam Police Station');
      await entry.getByLabel('District').selectOption({ label: 'Ri-Bhoi' });
      await entry.getByRole('button', { name: 'Add Police Station' }).click();
      await snackbar(page, M.stationAdded);
      await rowOf(page, 'Umiam Police Station');
      await checkScreen(page, 'jurisdiction-stations-admin-desktop');

      await openMenuEntry(page, 'Localities');
      await page.getByRole('heading', { name: 'Localities' }).waitFor();
      await page.getByRole('button', { name: 'Create Locality' }).click();
      const locality = page.getByRole('dialog', { name: 'Create Locality' });
      await locality.getByLabel('Locality Name').fill('Umiam Lake');
      await locality.getByLabel('Headman Name').fill('B. Nongrum');
      await locality.getByLabel('Police Station').selectOption({ label: 'Umiam Police Station' });
      await locality.getByRole('button', { name: 'Create Locality' }).click();
      await snackbar(page, M.localityCreated);
      expect(await (await rowOf(page, 'Umiam Lake')).textContent()).toContain('PS1703002LA01');

      await openMenuEntry(page, 'Sub-Localities/Wards');
      await page.getByRole('heading', { name: 'Sub-Localities/Wards' }).waitFor();
      await page.getByRole('button', { name: 'Create Sub-Locality/Wards' }).click();
      const ward = page.getByRole('dialog', { name: 'Create Sub-Locality/Wards' });
      await ward.getByLabel('Sub-Locality/Wards Name').fill('Umiam Ward One');
      await ward.getByLabel('Headman Name').fill('S. Kharkongor');
      await ward.getByRole('button', { name: 'Create Sub-Locality/Wards' }).click();
      await ward.getByText(M.areaRequired).waitFor();
      await ward.getByLabel(/^Area/).selectOption({ label: 'Umiam Lake (Umiam Police Station)' });
      await ward.getByRole('button', { name: 'Create Sub-Locality/Wards' }).click();
      await snackbar(page, M.wardCreated);
      await rowOf(page, 'PS1703002LA01W01');

      await page.getByRole('button', { name: 'Add User for Umiam Ward One' }).click();
      const user = page.getByRole('dialog', { name: 'Create Sub-Locality User' });
      await user.getByLabel('Username').fill(OFFICER);
      await user.getByLabel('Email').fill('umiam.ward@mrss.example');
      await user.locator('input[type="password"]').fill(OFFICER_PASSWORD);
      await user.getByLabel('Role').selectOption({ label: ROLE_LABELS.MODERATOR });
      // The shared dialog (src/web/components/staff-user-dialog.tsx) is checked by its own tests; a picture here.
      await screenshot(page, 'jurisdiction-ward-user-dialog-desktop');
      await user.getByRole('button', { name: 'Create User' }).click();
      await snackbar(page, STAFF_USER_MESSAGES.created);
      await expect.poll(async () => (await rowOf(page, 'Umiam Ward One')).textContent()).toContain(OFFICER);
      await checkScreen(page, 'jurisdiction-wards-admin-desktop');

      // The officer signs in with what the admin just gave it, and sees nothing of the seeded wards.
      await context.clearCookies();
      await page.evaluate(() => sessionStorage.clear());
      await submitLoginDialog(page, OFFICER, OFFICER_PASSWORD);
      await page.waitForURL('**/app/dashboard');
      await page.locator('[data-testid^="dashboard-card-"]').first().waitFor();
      const cards = await page.locator('[data-testid^="dashboard-card-"]').allTextContents();
      expect(cards.length).toBeGreaterThan(3);
      for (const text of cards) expect(text, text).toMatch(/\D0(View list →)?$/);
      await page.getByTestId('dashboard-card-pending').click();
      await page.getByText('No Applications').waitFor();
      await openMenuEntry(page, 'Dashboard');
      await page.getByTestId('dashboard-card-landlords').click();
      await page.getByText('No Landlords').waitFor();
      await checkScreen(page, 'jurisdiction-new-officer-landlords-desktop');
    } finally {
      await context.close();
    }
  });

  it('a supervisor reads the police stations without adding stations or users, on a desktop and a phone', async () => {
    for (const [viewport, name] of [
      [undefined, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const context = await newContext(e2e.browser, e2e.server.baseUrl, viewport);
      const page = await context.newPage();
      try {
        await signInThroughDialog(page, 'supervisor');
        await openMenuEntry(page, 'Police Stations');
        await page.getByRole('heading', { name: 'Police Stations' }).waitFor();
        await rowOf(page, 'Laitumkhrah Police Station');
        expect(await page.getByRole('button', { name: 'Add Police Station' }).count()).toBe(0);
        expect(await page.getByRole('button', { name: /^Add User/ }).count()).toBe(0);
        expect(await page.getByRole('columnheader').allTextContents()).toEqual([
          'Sl no.',
          'Police Station Name',
          'Users',
        ]);
        await checkScreen(page, `jurisdiction-stations-supervisor-${name}`);
      } finally {
        await context.close();
      }
    }
  });

  it('a verifier filters its sub-localities and opens its registered localities, on a desktop and a phone', async () => {
    const context = await newContext(e2e.browser, e2e.server.baseUrl);
    const page = await context.newPage();
    try {
      await signInThroughDialog(page, 'verifier');
      await openMenuEntry(page, 'Sub-Localities/Wards');
      await page.getByLabel('Filter sub-localities by locality').selectOption({ label: 'Malki' });
      await rowOf(page, 'Malki Dhankheti');
      await expect.poll(() => page.getByRole('row').filter({ hasText: 'Nongrim Hills' }).count()).toBe(0);
      await checkScreen(page, 'jurisdiction-wards-verifier-desktop');
      // The same page narrowed to a phone (a reload would end the session: the spec clears it on unload).
      await page.setViewportSize(PHONE);
      await checkScreen(page, 'jurisdiction-wards-verifier-phone');
      await page.getByRole('button', { name: 'Create Sub-Locality/Wards' }).click();
      await settle(page);
      await checkScreen(page, 'jurisdiction-ward-entry-verifier-phone', { fullPage: false });
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await page.setViewportSize({ width: 1280, height: 800 });
      await openMenuEntry(page, 'Dashboard');
      await page.getByTestId('dashboard-card-localities').click();
      await page.getByRole('heading', { name: 'Registered Localities' }).waitFor();
      await rowOf(page, 'Police Bazar');
      await page.setViewportSize(PHONE);
      await checkScreen(page, 'jurisdiction-registered-localities-verifier-phone');
    } finally {
      await context.close();
    }
  });
});
