import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_LANDLORDS } from '../../src/server/db/seed/demo-landlords.data';
import { DEMO_TENANTS } from '../../src/server/db/seed/demo-tenants.data';
import { DESKTOP, PHONE, SCREENSHOT_DIR } from '../support/e2e-server';
import { setUpE2eSuite } from '../support/e2e-suite';
import { callApi, checkScreen, chooseOption, openMenuEntry, signInThroughDialog } from './e2e-helpers';

// The Application Report (/app/report) on the real server and demo seed. The district's USER first enters twelve
// applications in the Laitumkhrah Main ward (so the report has more than one page); the SUPERVISOR then reports on
// Laitumkhrah Police Station, 'Pending at Sub-localities', from the 1st of this month to today: the count the screen
// says is the server's, the pages turn, and the PDF downloaded holds every application of the result. A VERIFIER
// runs its district's report on a 360 px phone. axe and overflow on every step.

const e2e = setUpE2eSuite();
const WARD = 'PS1701001LA01W01';
const EXTRA = 12;

/** Today and the 1st of this month in India, yyyy-MM-dd. */
function reportDays() {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
  return { startDate: `${today.slice(0, 8)}01`, endDate: today };
}

/** Mantine's calendar names each day 'D Month YYYY'. */
function dayLabel(isoDay: string): string {
  const [y, m, d] = isoDay.split('-').map(Number);
  const month = new Date(Date.UTC(y, m - 1, 1)).toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' });
  return `${d} ${month} ${y}`;
}

async function pickDay(main: Locator, label: string, isoDay: string) {
  await main.getByRole('button', { name: label, exact: true }).click();
  // The first picker's calendar stays in the page, hidden, once closed: the open one is the visible one.
  await main
    .page()
    .getByRole('button', { name: dayLabel(isoDay), exact: true })
    .filter({ visible: true })
    .click();
}

async function enterApplications(page: Page) {
  const { data: landlord } = await callApi<{ id: number }>(
    page,
    'GET',
    `register/landlordByEpic/${DEMO_LANDLORDS[0].epicNo}`,
  );
  const { status, data: tenant } = await callApi<{ id: number }>(
    page,
    'GET',
    `process/user/clearanceTenant/${DEMO_TENANTS[20].epicNo}`,
  );
  expect(status, JSON.stringify(tenant)).toBe(200);
  for (let i = 1; i <= EXTRA; i++) {
    const unit = await callApi<{ rentcode: string }>(page, 'POST', 'register/rentalUnit', {
      landlordId: landlord.id,
      houseNo: `RP-${i}`,
      floorNo: 'First',
      address1: `Report Lane ${i}, Laitumkhrah`,
      address2: 'Shillong',
      pinCode: '793003',
      laCode: WARD,
    });
    expect(unit.status, JSON.stringify(unit.data)).toBe(200);
    const saved = await callApi<{ applid: number }>(page, 'POST', 'process/user/SaveApplication', {
      rentcode: unit.data.rentcode,
      tenantid: tenant.id,
      landlordid: landlord.id,
    });
    expect(saved.status, JSON.stringify(saved.data)).toBe(200);
    const applied = await callApi(page, 'POST', 'process/user/application/DomesticHelperAndFamily', {
      applid: saved.data.applid,
      membercode: [],
      helperCode: [],
    });
    expect(applied.status, JSON.stringify(applied.data)).toBe(200);
  }
}

/** The whole result as the API gives it: what the screen and the PDF must agree with. */
async function wholeResult(page: Page, username: string, code: string) {
  const { startDate, endDate } = reportDays();
  const { data } = await callApi<{ totalElements: number; applDto: { applid: number }[] }>(
    page,
    'POST',
    `process/ReportGetApplication/${username}/${startDate}/${endDate}/0/${code}?size=1000`,
    { statuscode: 'LARP' },
  );
  return data;
}

describe('Application Report', () => {
  it('a supervisor reports on a police station, turns its pages and downloads the whole result as a PDF', async () => {
    await e2e.withPage(DESKTOP, async (page) => {
      await signInThroughDialog(page, 'user');
      await enterApplications(page);
    });
    await e2e.withPage(DESKTOP, async (page) => {
      const check = (name: string) => checkScreen(page, `report-desktop-${name}`);
      await signInThroughDialog(page, 'supervisor');
      await openMenuEntry(page, 'Report');
      const main = page.getByRole('main');
      await main.getByRole('heading', { name: 'Application Report', level: 1 }).waitFor();
      await main.getByRole('button', { name: 'SUBMIT' }).click();
      await main.getByText('Please select an Application Status').waitFor();
      await main.getByText('Please select a Police Station').waitFor();
      await check('required');

      const { startDate, endDate } = reportDays();
      await pickDay(main, 'Start Date', startDate);
      await pickDay(main, 'End Date', endDate);
      await chooseOption(main, 'Police Station', 'Laitumkhrah Police Station');
      await chooseOption(main, 'Application Status', 'Pending at Sub-localities');
      await main.getByRole('button', { name: 'SUBMIT' }).click();
      const expected = await wholeResult(page, 'supervisor', 'PS1701001');
      expect(expected.totalElements).toBeGreaterThan(EXTRA);
      await main.getByText(`Found ${expected.totalElements} application(s) !`).waitFor();
      const table = main.getByRole('table', { name: 'Application Report' });
      await expect.poll(() => table.locator('tbody tr').count()).toBe(10);
      await check('results');

      await main
        .getByRole('navigation', { name: 'Report pages' })
        .getByRole('button', { name: 'Next' })
        .click();
      // The second page starts at Sl no. 11 (an Appl Id cell of the first page may also read 11).
      await expect.poll(() => table.locator('tbody tr').first().getByRole('cell').first().textContent()).toBe('11');
      const second = await table
        .locator('tbody tr')
        .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-applid')));
      expect(second.map(Number)).toEqual(expected.applDto.slice(10, 20).map((r) => r.applid));

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        main.getByRole('button', { name: 'Export PDF' }).click(),
      ]);
      const folder = mkdtempSync(path.join(tmpdir(), 'report-pdf-'));
      const file = path.join(folder, download.suggestedFilename());
      await download.saveAs(file);
      expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
      const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
      // Each row starts with its Sl no. and Appl Id, in the result's order, and no row is there twice.
      const rowStarts = [...text.matchAll(/^\s*(\d+)\s+(\d+)\s/gm)].map((m) => `${m[1]}:${m[2]}`);
      const wanted = expected.applDto.map((r, i) => `${i + 1}:${r.applid}`);
      expect(rowStarts.filter((start) => wanted.includes(start))).toEqual(wanted);
      expect(text).toContain(`Found ${expected.totalElements} application(s) !`);
      await main
        .getByText(`Downloaded the report of ${expected.totalElements} application(s) as a PDF.`)
        .waitFor();
      if (SCREENSHOT_DIR) {
        mkdirSync(SCREENSHOT_DIR, { recursive: true });
        execFileSync('pdftoppm', ['-png', '-r', '70', '-f', '1', '-l', '1', file, path.join(folder, 'page')]);
        copyFileSync(path.join(folder, 'page-1.png'), path.join(SCREENSHOT_DIR, 'report-pdf-page-1.png'));
      }
      await check('exported');
    });
  });

  it('a verifier reports on its district on a 360 px phone', async () => {
    await e2e.withPage(PHONE, async (page) => {
      const check = (name: string) => checkScreen(page, `report-phone-${name}`);
      await signInThroughDialog(page, 'verifier');
      await openMenuEntry(page, 'Report');
      const main = page.getByRole('main');
      await main.getByRole('heading', { name: 'Application Report', level: 1 }).waitFor();
      expect(await main.getByRole('textbox', { name: 'Police Station' }).count()).toBe(0);
      await check('form');
      const { startDate, endDate } = reportDays();
      await pickDay(main, 'Start Date', startDate);
      await pickDay(main, 'End Date', endDate);
      await chooseOption(main, 'Application Status', 'Pending at Sub-localities');
      await main.getByRole('button', { name: 'SUBMIT' }).click();
      const expected = await wholeResult(page, 'verifier', '1701');
      await main.getByText(`Found ${expected.totalElements} application(s) !`).waitFor();
      await check('results');
    });
  });
});
