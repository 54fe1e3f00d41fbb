import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Role } from '../../../src/contract/roles';
import { DEMO_ACCOUNTS } from '../../../src/server/db/seed/demo-hierarchy';
import { paths } from '../../../src/web/app/paths';
import { visibleMenu, type MenuLink } from '../../../src/web/app/role-menu';
import { DESKTOP, PHONE } from '../e2e-server';
import type { E2eSuite } from '../e2e-suite';
import { checkScreen, openMenuEntry, signInThroughDialog } from '../../e2e/e2e-helpers';

// The menu walk of issue 11: every role opens every entry of its side menu (the menu table of backoffice.md
// section 2, as src/web/app/role-menu.ts holds it) and each screen must be a finished page: it lands on the
// entry's path, shows its level-1 heading, is not the 404 page and settles (nothing loading). At 1280 px axe finds
// nothing serious and nothing is wider than the window (checkScreen); then the same screen is narrowed to 360 px
// and must still fit. Narrowing the loaded screen, rather than walking the menu again on a phone, halves the walk's
// time in CI; axe's rules do not depend on the width. Then it opens every clickable dashboard card whose list has
// no menu entry (Registered Localities, Registered Sub-Localities/Wards, Landlords, ...).

/** One seeded account of each role, in the order of the demo accounts. */
export const ONE_ACCOUNT_PER_ROLE: readonly { username: string; role: Role }[] = DEMO_ACCOUNTS.filter(
  (account, i) => DEMO_ACCOUNTS.findIndex((a) => a.role === account.role) === i,
);

/** Every link of the role's menu, group children included, in reading order. */
export function menuLinksOf(role: Role): MenuLink[] {
  return visibleMenu(role).flatMap((entry) => (entry.kind === 'link' ? [entry] : entry.links));
}

/** Waits until no loader or busy region has been on the page for a short while (lists and dialogs loaded). */
async function waitUntilLoaded(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            document.querySelectorAll('[aria-busy="true"], .mantine-Loader-root, .mantine-Skeleton-root')
              .length,
        ),
      { timeout: 15_000, interval: 150 },
    )
    .toBe(0);
}

/** Checks the loaded screen at 1280 px (axe and width), then at 360 px (width), and widens the window back. */
async function checkAtBothWidths(page: Page, name: string): Promise<void> {
  await checkScreen(page, `menu-desktop-${name}`);
  await page.setViewportSize(PHONE);
  await checkScreen(page, `menu-phone-${name}`, { axe: false });
  await page.setViewportSize(DESKTOP);
}

/** Signs `username` in at 1280 px and walks its whole menu, checking each screen at both widths. */
export async function walkMenu(page: Page, username: string, role: Role): Promise<string[]> {
  await signInThroughDialog(page, username);
  const visited: string[] = [];
  for (const link of menuLinksOf(role)) {
    await openMenuEntry(page, link.label);
    await page.waitForURL((url) => url.pathname === paths[link.path]);
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await main.getByText(/no longer exists/).count(), `${role} ${link.label}`).toBe(0);
    await waitUntilLoaded(page);
    await checkAtBothWidths(page, `${role.toLowerCase()}-${link.path}`);
    visited.push(paths[link.path]);
  }
  return [...visited, ...(await walkDashboardCards(page, role))];
}

/** Opens every clickable card of the dashboard (the registered localities, wards, stations, landlords lists). */
async function walkDashboardCards(page: Page, role: Role): Promise<string[]> {
  await openMenuEntry(page, 'Dashboard');
  const cards = page.locator('a[data-testid^="dashboard-card-"]');
  await page.locator('[data-testid^="dashboard-card-"]').first().waitFor();
  const targets = await cards.evaluateAll((links) =>
    links.map((a) => ({
      key: a.dataset.testid ?? '',
      path: new URL((a as HTMLAnchorElement).href).pathname,
    })),
  );
  const visited: string[] = [];
  for (const { key, path } of targets.filter((t) => !visitedByMenu(role).includes(t.path))) {
    await openMenuEntry(page, 'Dashboard');
    await page.getByTestId(key).click();
    await page.waitForURL((url) => url.pathname === path);
    await page.getByRole('main').getByRole('heading', { level: 1 }).first().waitFor();
    await waitUntilLoaded(page);
    await checkAtBothWidths(page, `${role.toLowerCase()}-${key}`);
    visited.push(path);
  }
  return visited;
}

const visitedByMenu = (role: Role): string[] => menuLinksOf(role).map((link) => paths[link.path]);

/** The accounts split in two halves by their order, so every role (a new one too) is walked by one file. */
const half = Math.ceil(ONE_ACCOUNT_PER_ROLE.length / 2);
const HALVES = { first: ONE_ACCOUNT_PER_ROLE.slice(0, half), second: ONE_ACCOUNT_PER_ROLE.slice(half) };

/**
 * The walk as a test file's suite: one test per role of that half of the accounts. The halves are two files so
 * the browser suite runs them side by side.
 */
export function describeMenuWalk(e2e: E2eSuite, which: keyof typeof HALVES): void {
  describe('menu walk at 1280 px and 360 px', () => {
    it.each(HALVES[which].map((a) => [a.role, a.username] as const))(
      '%s (%s) opens every entry of its menu',
      (role, username) =>
        e2e.withPage(DESKTOP, async (page) => {
          const visited = await walkMenu(page, username, role);
          expect(visited.slice(0, menuLinksOf(role).length)).toEqual(visitedByMenu(role));
        }),
      120_000,
    );
  });
}
