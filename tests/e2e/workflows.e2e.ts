import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { machineRegistry } from '../../machines';
import { machineGraph, machineTransitionRows } from '../../machines/graph';
import { DESKTOP, PHONE } from '../support/e2e-server';
import { setUpE2eSuite } from '../support/e2e-suite';
import { checkScreen, chooseOption, openMenuEntry, signInThroughDialog } from './e2e-helpers';

// The Workflows page (/app/workflows) in Chromium: a verifier opens it from the menu and sees the lifecycle drawn
// (its states by name, zoom buttons that zoom), switches to the table (one row per transition), at desktop width and
// at 360 px; axe and overflow on each view. A moderator has no Workflows entry and reads 'Not available' at the address.

const e2e = setUpE2eSuite();
const LIFECYCLE = machineRegistry.applicationLifecycle;
const LIFECYCLE_ROWS = machineTransitionRows(machineGraph(LIFECYCLE.machine)).length;
const STATES = [
  'pendingAtWard',
  'pendingAtLocality',
  'approved',
  'approved.certified',
  'rejected',
  'returnedForRectification',
];
/** A state's box, read out as 'State <name> (facts). <transitions>.' or 'State <name>. <transitions>.' */
const stateBox = (name: string) => ({ name: new RegExp(`^State ${name.replace('.', '\\.')}( \\(|\\. )`) });

async function seeLifecycle(page: Page, label: string) {
  await openMenuEntry(page, 'Workflows');
  await page.waitForURL('**/app/workflows');
  const main = page.getByRole('main');
  await main.getByRole('heading', { name: 'Workflows', level: 1 }).waitFor();
  const diagram = main.getByRole('application', { name: `State diagram of ${LIFECYCLE.title}` });
  await diagram.waitFor();
  for (const state of STATES) {
    await diagram.getByRole('group', stateBox(state)).waitFor();
  }
  await checkScreen(page, `workflows-${label}-diagram`);

  await main.getByText('Table', { exact: true }).click();
  const table = main.getByRole('table');
  await expect.poll(() => table.locator('tbody tr').count()).toBe(LIFECYCLE_ROWS);
  expect(await main.getByRole('application').count()).toBe(0);
  await checkScreen(page, `workflows-${label}-table`);
  return main;
}

describe('Workflows', () => {
  it('a verifier sees the lifecycle drawn, zooms it and reads it as a table', async () => {
    await e2e.withPage(DESKTOP, async (page) => {
      await signInThroughDialog(page, 'verifier');
      const main = await seeLifecycle(page, 'desktop');
      await main.getByText('Diagram', { exact: true }).click();
      const viewport = main.locator('.react-flow__viewport');
      await main.getByRole('group', stateBox('pendingAtWard')).waitFor();
      const before = await viewport.getAttribute('style');
      await main.getByRole('button', { name: 'Zoom in' }).click();
      await expect.poll(() => viewport.getAttribute('style')).not.toBe(before);
      // The states are reached with the keyboard, each read out with its transitions.
      await main.getByRole('group', stateBox('pendingAtWard')).focus();
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
      expect(focused).toMatch(/^State /);

      // A larger machine with nested and parallel states and an 'any state' box: the next pick, same checks.
      const clearance = machineRegistry.anonymousClearance;
      await chooseOption(main, 'Workflow', clearance.title);
      const drawing = main.getByRole('application', { name: `State diagram of ${clearance.title}` });
      await drawing.getByRole('group', { name: /^Any state of the machine$/ }).waitFor();
      expect(await drawing.locator('[data-region="true"]').count()).toBeGreaterThan(0);
      expect(new URL(page.url()).searchParams.get('machine')).toBe('anonymousClearance');
      await checkScreen(page, 'workflows-desktop-nested');
    });
  });

  it('a verifier on a 360 px phone', async () => {
    await e2e.withPage(PHONE, async (page) => {
      await signInThroughDialog(page, 'verifier');
      await seeLifecycle(page, 'phone');
    });
  });

  it('a moderator has no Workflows entry and reads why at the address', async () => {
    await e2e.withPage(DESKTOP, async (page) => {
      await signInThroughDialog(page, 'moderator');
      const nav = page.getByRole('navigation', { name: 'Main menu' });
      await nav.getByRole('link', { name: 'Dashboard', exact: true }).waitFor();
      expect(await nav.getByRole('link', { name: 'Workflows', exact: true }).count()).toBe(0);
      // The address opened inside the app: a reload would log out (backoffice.md section 4, logout on unload).
      await page.evaluate(() => {
        window.history.pushState({}, '', '/app/workflows');
        window.dispatchEvent(new PopStateEvent('popstate'));
      });
      await page.getByRole('main').getByRole('alert').filter({ hasText: 'Not available' }).waitFor();
    });
  });
});
