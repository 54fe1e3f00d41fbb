import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ListPage } from '../../machines/application';
import { paths } from '../../src/web/app/paths';
import { LIST_PAGE_TITLES } from '../../src/web/features/applications/list-pages';
import { screenshot, signInThroughDialog } from './e2e-helpers';
import { newContext, PHONE } from '../support/e2e-server';
import { setUpE2eSuite } from '../support/e2e-suite';

// Every status label of the application lists must be read whole: never 'APPROV...' (issue 8), at the laptop
// width officials use (1366 px) and on a phone (360 px). The demo seed has applications in every status.
const LAPTOP = { width: 1366, height: 768 } as const;
const VIEWPORTS = { laptop: LAPTOP, phone: PHONE } as const;

/**
 * Which account sees which lists, and the label (statusListLabel) each list's rows carry: the locality officer's
 * four, and the moderator's long 'Pending at ...'.
 */
const JOURNEYS: { username: string; lists: [ListPage, string][] }[] = [
  {
    username: 'locality',
    lists: [
      ['pending', 'Pending'],
      ['approved', 'APPROVED'],
      ['rejected', 'REJECTED'],
      ['rectification', 'Returned for rectification'],
    ],
  },
  { username: 'moderator', lists: [['forwarded', 'Pending at Locality/Cantonment level']] },
];
const LIST_PATHS: Partial<Record<ListPage, string>> = {
  pending: paths.pendingApplications,
  approved: paths.approvedApplications,
  rejected: paths.rejectedApplications,
  rectification: paths.rectificationApplications,
  forwarded: paths.forwardedApplications,
};

/** Real addresses run long; the seeded ones are short, so the squeezed layout of issue 8 is made on purpose. */
const LONG_ADDRESS =
  'Flat 12B, Second Floor, Lum Jingshai Apartments, Upper Lachumiere, near Bethany Hospital, Shillong, ' +
  'East Khasi Hills, Meghalaya 793001';

const e2e = setUpE2eSuite();

/** Client-side navigation: the staff session lives in the page, so a full reload would sign out. */
async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState({}, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL(`**${path}`);
}

/** Puts a long address in every row (the layout probe changes only text the browser shows). */
function lengthenAddresses(page: Page): Promise<void> {
  return page.locator('table tbody tr').evaluateAll((rows, address) => {
    for (const row of rows) (row as HTMLTableRowElement).cells[3].textContent = address;
  }, LONG_ADDRESS);
}

interface BadgeFit {
  text: string;
  /** Overflowing text or a box wider than its cell: what the eye sees as a cut label. */
  cut: boolean;
}

/** Measures every status badge in the list table as the browser laid it out. */
function badgeFits(page: Page): Promise<BadgeFit[]> {
  return page.locator('table .mantine-Badge-root').evaluateAll((badges) =>
    badges.map((badge) => {
      const label = badge.querySelector('.mantine-Badge-label') ?? badge;
      const cell = badge.closest('td')!.getBoundingClientRect();
      const box = badge.getBoundingClientRect();
      const overflowing = (el: Element) =>
        el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;
      return {
        text: (label as HTMLElement).innerText,
        cut:
          overflowing(label) || overflowing(badge) || box.right > cell.right + 1 || box.left < cell.left - 1,
      };
    }),
  );
}

describe('status badges in the application lists', () => {
  for (const [width, viewport] of Object.entries(VIEWPORTS)) {
    for (const { username, lists } of JOURNEYS) {
      it(`shows every ${username} list's statuses whole at ${viewport.width} px`, async () => {
        const context = await newContext(e2e.browser, e2e.server.baseUrl, viewport);
        const page = await context.newPage();
        try {
          await signInThroughDialog(page, username);
          for (const [listPage, label] of lists) {
            const where = `${listPage} at ${viewport.width} px`;
            await openInApp(page, LIST_PATHS[listPage]!);
            const table = page.getByRole('table', { name: LIST_PAGE_TITLES[listPage], exact: true });
            // Wait until this list's rows are drawn (not the previous list's): every badge carries its label.
            await expect
              .poll(async () => [...new Set(await table.locator('.mantine-Badge-root').allInnerTexts())], {
                timeout: 20_000,
              })
              .toEqual([label]);
            const firstBadge = table.locator('.mantine-Badge-root').first();
            await firstBadge.scrollIntoViewIfNeeded(); // on a phone the table scrolls sideways to its Status column
            await screenshot(page, `status-badges-${username}-${listPage}-${width}`);
            expect(
              (await badgeFits(page)).filter((f) => f.cut),
              where,
            ).toEqual([]);

            await lengthenAddresses(page);
            await firstBadge.scrollIntoViewIfNeeded();
            await screenshot(page, `status-badges-${username}-${listPage}-${width}-long-addresses`);
            expect(
              (await badgeFits(page)).filter((f) => f.cut),
              `${where}, long addresses`,
            ).toEqual([]);
          }
        } finally {
          await context.close();
        }
      });
    }
  }
});
