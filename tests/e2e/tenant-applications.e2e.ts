import { describe, expect, it } from 'vitest';
import { DEMO_LANDLORDS } from '../../src/server/db/seed/demo-landlords.data';
import { DEMO_TENANTS } from '../../src/server/db/seed/demo-tenants.data';
import { DESKTOP, PHONE } from '../support/e2e-server';
import { setUpE2eSuite } from '../support/e2e-suite';
import { latestConsentCode } from '../support/landlord-ui';
import { callApi, checkScreen, openMenuEntry, signInThroughDialog } from './e2e-helpers';

// The Tenant Applications page (/app/applications) on the real server and demo seed. moderator2 (the ward officer of
// Malki Dhankheti) types a demo landlord's EPIC (with Enter), creates an application for a vacant unit of that
// landlord in its ward and a demo tenant (registered at another ward's counter, so it confirms the tenant's code
// first; a first draft is withdrawn with the consent step's Reset, which frees the unit), applies it with Recommend
// for Approval: the completed table lists it and
// its Forwarded list shows it (LAVP, '(May be Accepted)'). Desktop and 360 px, axe and overflow on every step.
//
// Demo data no other e2e file takes: landlord 4 (Nongrum, every unit in moderator2's ward; all three are held by
// seeded applications, so each test first adds a vacant one through the officials' rental-unit call) and tenants 24
// (desktop) and 23 (phone).

const e2e = setUpE2eSuite();
const LANDLORD = DEMO_LANDLORDS[4];
const WARD = 'PS1701001LA02W01';

const fullName = (p: { firstName: string; middleName?: string | null; lastName?: string | null }) =>
  [p.firstName, p.middleName, p.lastName].filter(Boolean).join(' ');

describe.each([
  { label: 'desktop', viewport: DESKTOP, tenant: DEMO_TENANTS[24], house: 'TA-1' },
  { label: 'phone', viewport: PHONE, tenant: DEMO_TENANTS[23], house: 'TA-2' },
])('Tenant Applications page ($label)', ({ label, viewport, tenant, house }) => {
  it('a ward officer creates and applies an application with its recommendation', async () => {
    await e2e.withPage(viewport, async (page) => {
      const check = (name: string, fullPage = true) =>
        checkScreen(page, `tenant-applications-${label}-${name}`, { fullPage });
      await signInThroughDialog(page, 'moderator2');

      // A vacant unit of the landlord in moderator2's ward (the seeded ones are all held).
      const { data: found } = await callApi<{ id: number }>(
        page,
        'GET',
        `register/landlordByEpic/${LANDLORD.epicNo}`,
      );
      const address1 = `Tenant Applications Lane ${house}, Malki`;
      const saved = await callApi(page, 'POST', 'register/rentalUnit', {
        landlordId: found.id,
        houseNo: house,
        floorNo: 'Ground',
        address1,
        address2: 'Shillong',
        pinCode: '793001',
        laCode: WARD,
      });
      expect(saved.status).toBe(200);

      // Reloading would sign the official out (backoffice.md: the session ends when the page unloads): the menu.
      await openMenuEntry(page, 'Tenant Applications');
      const main = page.getByRole('main');
      await main.getByRole('heading', { name: 'Tenant Applications', level: 1 }).waitFor();
      // USER only: a ward officer has no New Application button here.
      expect(await main.getByRole('button', { name: 'New Application' }).count()).toBe(0);
      await main.getByLabel('Landlord Epic Number').fill(LANDLORD.epicNo.toLowerCase());
      await main.getByLabel('Landlord Epic Number').press('Enter');
      await main.getByRole('button', { name: 'Create New Application' }).waitFor();
      await main.getByRole('table', { name: 'Completed Applications' }).waitFor();
      await check('landlord');

      // Create New Application: the vacant unit and the tenant by ID.
      const select = page.getByRole('dialog', { name: 'Select Application You Wish To Apply' });
      const consent = select.getByRole('group', { name: "The tenant's consent" });
      const createOnUnit = async (first: boolean) => {
        await main.getByRole('button', { name: 'Create New Application' }).click();
        const create = page.getByRole('dialog', { name: 'Create New Application' });
        await create.getByRole('combobox', { name: 'Rental Unit' }).click();
        await create.getByRole('option', { name: new RegExp(address1) }).click();
        await create.getByLabel('Tenant ID Number').fill(tenant.epicNo);
        await create.getByLabel('Tenant ID Number').press('Enter');
        await create
          .getByRole('status')
          .filter({ hasText: fullName(tenant) })
          .waitFor();
        if (first) await check('create', false);
        await create.getByRole('button', { name: 'Create', exact: true }).click();
        // "Select Application You Wish To Apply" opens on the new application.
        const picked = select.getByRole('radio', { name: /^Application \d+:/, checked: true });
        await picked.waitFor();
        // The demo tenant registered at another ward's counter (docs/tenant-consent.md): its code went to the
        // tenant, and the step asks for it before the members and Apply show.
        await consent.waitFor();
        return Number(await picked.getAttribute('value'));
      };
      const withdrawn = await createOnUnit(true);
      expect(withdrawn).toBeGreaterThan(0);
      await check('consent', false);
      // Reset withdraws the draft (said under the buttons): the panel starts again and the unit is vacant again.
      await consent
        .getByText('Reset withdraws this application, so the rental unit is free again.')
        .waitFor();
      await consent.getByRole('button', { name: 'Reset' }).click();
      await select.waitFor({ state: 'detached' });
      await main.getByText('The application was withdrawn. The rental unit is free again.').waitFor();
      await check('withdrawn');
      const { status: gone } = await callApi(page, 'GET', `process/GetApplicationDetail/${withdrawn}`);
      expect(gone).toBe(404);

      // Created again on the same unit: a new code, read as the tenant would (the dev outbox), confirmed.
      const applid = await createOnUnit(false);
      expect(applid).toBeGreaterThan(withdrawn);
      await consent.getByLabel(/^Consent code/).fill(await latestConsentCode(page, LANDLORD.epicNo));
      await consent.getByRole('button', { name: 'Confirm code' }).click();
      await consent.waitFor({ state: 'detached' });
      await select.getByRole('radio', { name: 'Recommend for Rejection' }).check();
      const apply = select.getByRole('button', { name: 'Apply', exact: true });
      expect(await apply.isDisabled()).toBe(true);
      await select.getByRole('radio', { name: 'Recommend for Approval' }).check();
      await check('select', false);
      await apply.click();
      await select
        .getByText('Application applied successfully and forwarded to the Locality with your recommendation.')
        .waitFor();
      await select.getByRole('button', { name: 'Download the Complete Application' }).waitFor();
      await check('applied', false);
      await select.getByRole('button', { name: 'Close' }).click();
      await select.waitFor({ state: 'detached' });

      // The completed table lists it (newest first).
      const completed = main.getByRole('table', { name: 'Completed Applications' });
      await completed.getByRole('cell', { name: String(applid), exact: true }).waitFor();
      await check('completed');

      const { data: detail } = await callApi<{ status: string; remarks: string | null }>(
        page,
        'GET',
        `process/GetApplicationDetail/${applid}`,
      );
      expect(detail).toMatchObject({ status: 'LAVP', remarks: '(May be Accepted)' });
      await openMenuEntry(page, 'Forwarded');
      await page.getByRole('heading', { name: 'Forwarded Applications' }).waitFor();
      await page.getByTestId(`application-row-${applid}`).waitFor();
      await check('forwarded');
    });
  });
});
