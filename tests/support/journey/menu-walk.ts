import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Role } from '../../../src/contract/roles';
import { DEMO_ACCOUNTS } from '../../../src/server/db/seed/demo-hierarchy';
import { paths } from '../../../src/web/app/paths';
import { visibleMenu, type MenuLink } from '../../../src/web/app/role-menu';
import type { E2eSuite } from '../e2e-suite';
import { checkScreen, openMenuEntry, signInThroughDialog } from '../../e2e/e2e-helpers';

// The menu walk of issue 11: every role opens every entry of its side menu (the menu table of backoffice.md
// section 2, as src/web/app/role-menu.ts holds it) and each screen must be a finished page: it lands on the
// entry's path, shows its level-1 heading, is not the 404 page, settles (nothing loading), and axe finds
// nothing serious and nothing is wider than the window (checkScreen). At 360 px the walk checks the width only:
// axe's rules do not depend on the width and the desktop walk runs them on the same screens (this saves
// time in CI). Then it opens every clickable dashboard card
// whose list has no menu entry (Registered Localities, Registered Sub-Localities/Wards, Landlords, ...).

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

/** Signs `username` in and walks its whole menu; `label` names the screenshots (desktop, phone). */
export async function walkMenu(page: Page, username: string, role: Role, label: string): Promise<string[]> {
  await signInThroughDialog(page, username);
  const visited: string[] = [];
  for (const link of menuLinksOf(role)) {
    await openMenuEntry(page, link.label);
    await page.waitForURL((url) => url.pathname === paths[link.path]);
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await main.getByText(/no longer exists/).count(), `${role} ${link.label}`).toBe(0);
    await waitUntilLoaded(page);
    await checkScreen(page, `menu-${label}-${role.toLowerCase()}-${link.path}`, { axe: label === 'desktop' });
    visited.push(paths[link.path]);
  }
  return [...visited, ...(await walkDashboardCards(page, role, label))];
}

/** Opens every clickable card of the dashboard (the registered localities, wards, stations, landlords lists). */
async function walkDashboardCards(page: Page, role: Role, label: string): Promise<string[]> {
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
    await checkScreen(page, `menu-${label}-${role.toLowerCase()}-${key}`, { axe: label === 'desktop' });
    visited.push(path);
  }
  return visited;
}

const visitedByMenu = (role: Role): string[] => menuLinksOf(role).map((link) => paths[link.path]);

/**
 * The walk as a test file's suite: one test per role at `viewport`. Desktop and phone are two files so the
 * browser suite runs them side by side.
 */
export function describeMenuWalk(
  e2e: E2eSuite,
  label: 'desktop' | 'phone',
  viewport: { width: number; height: number },
): void {
  describe(`menu walk at ${viewport.width} px`, () => {
    it.each(ONE_ACCOUNT_PER_ROLE.map((a) => [a.role, a.username] as const))(
      '%s (%s) opens every entry of its menu',
      (role, username) =>
        e2e.withPage(viewport, async (page) => {
          const visited = await walkMenu(page, username, role, label);
          expect(visited.slice(0, menuLinksOf(role).length)).toEqual(visitedByMenu(role));
        }),
      120_000,
    );
  });
}
