import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { machineRegistry } from '../../machines';
import { STATUS_CODES } from '../../machines/application';
import { machineGraph, machineTransitionRows } from '../../machines/graph';
import { INSIGHTS_LIFECYCLE_PATH, type LifecycleInsights } from '../../src/contract/insights.contract';
import { PAGE_SIZE } from '../../src/contract/applications.contract';
import { DESKTOP, PHONE } from '../support/e2e-server';
import { setUpE2eSuite } from '../support/e2e-suite';
import { HALF_COVERED, coveredInFixture } from '../../stories/workflows/coverage-story';
import { API, callApi, checkScreen, chooseOption, openMenuEntry, signInThroughDialog } from './e2e-helpers';

// The Workflows page (/app/workflows) in Chromium. A verifier opens it from the menu and lands on the lifecycle's
// live numbers: every state's count equals the API's reply for its district (seeded data), LAVP opens its list,
// whose count matches. The diagram and table views stay reachable (states by name, zoom, one row per transition).
// At 1280 px and 360 px: axe (nothing serious) and no sideways overflow. A moderator has no Workflows entry, reads
// 'Not available' at the address and gets 403 from the insights call.

const e2e = setUpE2eSuite();
const LIFECYCLE = machineRegistry.applicationLifecycle;
const GRAPH = machineGraph(LIFECYCLE.machine);
const LIFECYCLE_ROWS = machineTransitionRows(GRAPH).length;
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
const stateName = (status: string) => GRAPH.nodes.find((node) => node.status === status)!.key;
const viewSwitch = (main: Locator, view: string) =>
  main.getByRole('radiogroup', { name: 'Show the workflow as' }).getByText(view, { exact: true });

/** Opens Workflows from the menu; returns the live numbers the page was given by the server. */
async function openLiveNumbers(page: Page): Promise<LifecycleInsights> {
  const reply = page.waitForResponse(
    (response) => response.url().endsWith(`${API}/${INSIGHTS_LIFECYCLE_PATH}`) && response.status() === 200,
  );
  await openMenuEntry(page, 'Workflows');
  await page.waitForURL('**/app/workflows');
  const insights = (await (await reply).json()) as LifecycleInsights;
  const main = page.getByRole('main');
  await main.getByRole('heading', { name: 'Workflows', level: 1 }).waitFor();
  expect(await main.getByRole('radio', { name: 'Live numbers' }).isChecked()).toBe(true);
  const diagram = main.getByRole('application', { name: `State diagram of ${LIFECYCLE.title}` });
  for (const { status, count } of insights.states) {
    const box = diagram.getByRole('group', stateBox(stateName(status)));
    await expect
      .poll(() => box.getAttribute('aria-label'))
      .toContain(`${count.toLocaleString('en-IN')} application${count === 1 ? '' : 's'} now`);
  }
  await main.getByRole('region', { name: 'Week by week' }).waitFor();
  return insights;
}

/** The gallery views of part 1: the lifecycle drawn, then as a table. */
async function seeDiagramAndTable(page: Page, label: string) {
  const main = page.getByRole('main');
  await viewSwitch(main, 'Diagram').click();
  const diagram = main.getByRole('application', { name: `State diagram of ${LIFECYCLE.title}` });
  for (const state of STATES) await diagram.getByRole('group', stateBox(state)).waitFor();
  expect(new URL(page.url()).searchParams.get('view')).toBe('diagram');
  await checkScreen(page, `workflows-${label}-diagram`);

  await viewSwitch(main, 'Table').click();
  const table = main.getByRole('table', { name: `Transitions of ${LIFECYCLE.title}` });
  await expect.poll(() => table.locator('tbody tr').count()).toBe(LIFECYCLE_ROWS);
  expect(await main.getByRole('application').count()).toBe(0);
  await checkScreen(page, `workflows-${label}-table`);
  return main;
}

describe('Workflows', () => {
  it('a verifier sees the live numbers of its district, opens LAVP and reads the lifecycle drawn and as a table', async () => {
    await e2e.withPage(DESKTOP, async (page) => {
      await signInThroughDialog(page, 'verifier');
      const insights = await openLiveNumbers(page);
      expect(insights.area).toEqual({ level: 'district', code: '1701' });
      expect(insights.states.map((s) => s.status).sort()).toEqual([...STATUS_CODES].sort());
      // The page's numbers are the API's for the same filter, asked again here.
      const again = await callApi<LifecycleInsights>(page, 'POST', INSIGHTS_LIFECYCLE_PATH, {
        from: insights.from,
        to: insights.to,
      });
      expect(again.data.states).toEqual(insights.states);
      const lavp = insights.states.find((s) => s.status === 'LAVP')!.count;
      expect(lavp).toBeGreaterThan(0);
      await checkScreen(page, 'workflows-desktop-live');

      const main = page.getByRole('main');
      await main.getByRole('button', { name: "Show the diagram's numbers as tables" }).click();
      await main.getByRole('table', { name: 'Applications in each state now' }).waitFor();
      await checkScreen(page, 'workflows-desktop-live-tables');

      // A click on LAVP opens its applications for the same area.
      await main
        .getByRole('group', stateBox('pendingAtLocality'))
        .locator('[data-activatable="true"]')
        .click();
      await page.waitForURL('**/app/workflows/applications/LAVP**');
      await main
        .getByRole('heading', { name: 'Applications pending at localities (LAVP)', level: 1 })
        .waitFor();
      await main
        .getByText(`In your district (1701): ${lavp.toLocaleString('en-IN')} application(s)`)
        .waitFor();
      const rows = main.locator('[data-testid^="application-row-"]');
      await expect.poll(() => rows.count()).toBe(Math.min(lavp, PAGE_SIZE));
      await checkScreen(page, 'workflows-desktop-lavp-list');

      await main.getByRole('link', { name: 'Back to the live numbers' }).click();
      await page.waitForURL('**/app/workflows?**view=live**');
      await seeDiagramAndTable(page, 'desktop');

      await viewSwitch(main, 'Diagram').click();
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
      expect(await main.getByRole('radio', { name: 'Live numbers' }).count()).toBe(0);
      await checkScreen(page, 'workflows-desktop-nested');
    });
  });

  it('a verifier on a 360 px phone', async () => {
    await e2e.withPage(PHONE, async (page) => {
      await signInThroughDialog(page, 'verifier');
      await openLiveNumbers(page);
      await checkScreen(page, 'workflows-phone-live');
      // The wide moves table scrolls inside its own region, never the page.
      const main = page.getByRole('main');
      await main.getByRole('button', { name: "Show the diagram's numbers as tables" }).click();
      await main.getByRole('table', { name: 'Moves in the period, arrow by arrow' }).waitFor();
      await checkScreen(page, 'workflows-phone-live-tables');
      await seeDiagramAndTable(page, 'phone');
    });
  });

  it('a supervisor narrows the whole state to a district, then lays the last coverage report over the diagram', async () => {
    await e2e.withPage(DESKTOP, async (page) => {
      await signInThroughDialog(page, 'supervisor');
      const state = await openLiveNumbers(page);
      expect(state.area).toEqual({ level: 'state', code: null });
      const main = page.getByRole('main');
      const filter = main.getByRole('form', { name: 'Live numbers filter' });

      // A district picked in the filter: the next reply is that district's, and it lands in the address.
      const narrowed = page.waitForResponse(
        (response) =>
          response.url().endsWith(`${API}/${INSIGHTS_LIFECYCLE_PATH}`) &&
          (response.request().postData() ?? '').includes('"districtCode":"1702"'),
      );
      await filter.getByRole('combobox', { name: 'District' }).click();
      const options = page.getByRole('option');
      await options.first().waitFor();
      const names = await options.allTextContents();
      expect(names.length).toBeGreaterThan(1);
      const district = (
        await callApi<Array<{ districtCode: string; districtName: string }>>(
          page,
          'GET',
          'master/district/17',
        )
      ).data.find((d) => d.districtCode === '1702')!;
      await page.getByRole('option', { name: district.districtName, exact: true }).click();
      const reply = (await (await narrowed).json()) as LifecycleInsights;
      expect(reply.area).toEqual({ level: 'district', code: '1702' });
      expect(new URL(page.url()).searchParams.get('district')).toBe('1702');
      const total = (r: LifecycleInsights) => r.states.reduce((sum, s) => sum + s.count, 0);
      expect(total(reply)).toBeLessThanOrEqual(total(state));
      await checkScreen(page, 'workflows-supervisor-district');

      // QA's view: the report of the last `npm run test:model` run, badges on every arrow it knows.
      await viewSwitch(main, 'Diagram').click();
      const chooser = page.waitForEvent('filechooser');
      await main.getByRole('button', { name: 'Open coverage report…' }).click();
      await (
        await chooser
      ).setFiles({
        name: 'model-coverage.json',
        mimeType: 'application/json',
        buffer: Buffer.from(JSON.stringify(HALF_COVERED)),
      });
      const covered = GRAPH.edges.filter((_, index) => coveredInFixture(index)).length;
      await main
        .getByTestId('coverage-summary')
        .getByText(`${covered} of ${GRAPH.edges.length} transitions covered`, { exact: false })
        .waitFor();
      const diagram = main.getByRole('application', { name: `State diagram of ${LIFECYCLE.title}` });
      await expect.poll(() => diagram.getByText('not covered', { exact: true }).count()).toBeGreaterThan(0);
      await checkScreen(page, 'workflows-supervisor-coverage');
      await viewSwitch(main, 'Table').click();
      await main.getByRole('columnheader', { name: 'Covered by' }).waitFor();
      await checkScreen(page, 'workflows-supervisor-coverage-table');
    });
  });

  it('a moderator has no Workflows entry, reads why at the address, and the insights call refuses it', async () => {
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
      // The moderator's own session token, straight to the server.
      const refused = await callApi<{ message: string }>(page, 'POST', INSIGHTS_LIFECYCLE_PATH, {
        from: '2026-01-01',
        to: '2026-01-31',
      });
      expect(refused.status).toBe(403);
      expect(refused.data.message).toBe('You are not allowed to do this.');
    });
  });
});
