import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { API_BASE } from '../../src/contract/api-base';
import { DESKTOP, PHONE } from '../support/e2e-server';
import { setUpE2eSuite } from '../support/e2e-suite';
import { checkScreen, chooseOption, openMenuEntry, signInThroughDialog } from './e2e-helpers';

// Log Records on the real server: the admin opens the page from the menu, sees the chain intact (the server's
// sealer and the check are real), filters by user and kind, pages through refusals; at 1280 and 360 px, with axe
// and overflow checked on each step.

const e2e = setUpE2eSuite();
const table = (page: Page) => page.getByRole('table', { name: 'Log records' });
const bodyRows = (page: Page) => table(page).locator('tbody tr');

async function search(page: Page, user: string, kind: string | null) {
  await page.getByLabel('User', { exact: true }).fill(user);
  if (kind) await chooseOption(page.locator('main'), 'Kind', kind);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

describe('Log Records', () => {
  it('an admin sees the chain intact, filters by user and kind, and pages', async () => {
    await e2e.withPage(DESKTOP, async (page) => {
      // 25 anonymous calls refused (401): each is a refusal record, enough for two pages.
      for (let i = 0; i < 25; i++) await page.request.get(`${API_BASE}/users/getlog`);
      await signInThroughDialog(page, 'admin');
      await openMenuEntry(page, 'Log Records');
      await page.getByRole('heading', { name: 'Log Records', level: 1 }).waitFor();
      await page.getByText('The log is intact').waitFor();
      await table(page).waitFor();
      await checkScreen(page, 'log-records-1280');

      await search(page, 'ADMIN', 'Sign-in');
      await page.getByText(/record\(s\), page 1 of 1/).waitFor();
      const kinds = await bodyRows(page).evaluateAll((rows) => rows.map((r) => r.getAttribute('data-kind')));
      expect(kinds.length).toBeGreaterThan(0);
      expect(new Set(kinds)).toEqual(new Set(['signin']));
      await checkScreen(page, 'log-records-filtered-1280');

      await page.getByRole('button', { name: 'Reset', exact: true }).click();
      await search(page, '', 'Refusal');
      await page.getByText(/record\(s\), page 1 of [2-9]/).waitFor();
      const firstPage = await bodyRows(page).first().locator('td').first().textContent();
      await page
        .getByRole('navigation', { name: 'Log records pages' })
        .getByRole('button', { name: 'Page 2' })
        .click();
      await page.getByText(/record\(s\), page 2 of/).waitFor();
      const secondPage = await bodyRows(page).first().locator('td').first().textContent();
      expect(Number(secondPage)).toBeGreaterThan(Number(firstPage));

      await search(page, 'nobody.at.all', null);
      await page.getByText('No Records Found', { exact: true }).waitFor();
    });
  });

  it('works at 360 px: the table scrolls inside its box, the page does not', async () => {
    await e2e.withPage(PHONE, async (page) => {
      await signInThroughDialog(page, 'admin');
      await openMenuEntry(page, 'Log Records');
      await page.getByText('The log is intact').waitFor();
      await table(page).waitFor();
      await checkScreen(page, 'log-records-360');
      const region = page.getByRole('region', { name: 'Log records, scrolls sideways' });
      const { scroll, client } = await region.evaluate((el) => ({
        scroll: el.scrollWidth,
        client: el.clientWidth,
      }));
      expect(scroll).toBeGreaterThan(client);
    });
  });
});
