import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { workflowOf } from '../../src/web/features/workflows/workflow-catalogue';
import { DISTRICT_YEAR, QUIET_PERIOD, fakeInsightsApi } from './lifecycle-insights-fixtures';
import { LiveNumbersStory } from './live-numbers-story';
import { pendingLayout } from './workflows-story';

/** The lifecycle on live data: the Workflows page's first view for an analyst (docs/insights-page.md). */
const meta = {
  title: 'Workflows/Live numbers',
  component: LiveNumbersStory,
  parameters: { layout: 'padded' },
  args: { api: fakeInsightsApi(DISTRICT_YEAR) },
} satisfies Meta<typeof LiveNumbersStory>;

export default meta;
type Story = StoryObj<typeof meta>;

const lifecycle = workflowOf('applicationLifecycle');

async function drawnDiagram() {
  const canvas = await screen.findByRole(
    'application',
    { name: `State diagram of ${lifecycle.title}` },
    { timeout: 15_000 },
  );
  await waitFor(() => expect(canvas.closest('[data-state="drawn"]')).not.toBeNull());
  return canvas;
}

const box = (canvas: HTMLElement, name: string) =>
  within(canvas).getByRole('group', { name: new RegExp(`^State ${name}( \\(|\\. )`) });

/** loading: the numbers are on their way; the filter is there already. */
export const Loading: Story = {
  args: { api: fakeInsightsApi('loading'), layout: pendingLayout },
  play: async () => {
    await expect(await screen.findByRole('status', { name: 'Loading the live numbers' })).toBeVisible();
    await expect(screen.getByRole('radio', { name: 'Live numbers' })).toBeChecked();
    await expect(screen.getByRole('form', { name: 'Live numbers filter' })).toBeVisible();
  },
};

/** loaded: counts on the states (LAVP warned: some past the limit), moves on the arrows, summary and charts. */
export const Loaded: Story = {
  play: async () => {
    const canvas = await drawnDiagram();
    await waitFor(() => expect(box(canvas, 'pendingAtLocality')).toHaveTextContent('1,204'));
    const lavp = box(canvas, 'pendingAtLocality');
    await expect(lavp.getAttribute('aria-label')).toContain(
      '1,204 applications now; 687 past the 15-day limit',
    );
    await expect(lavp.querySelector('[data-tone="bad"]')).not.toBeNull();
    await expect(box(canvas, 'pendingAtWard').querySelector('[data-tone="warn"]')).not.toBeNull();
    await expect(canvas).toHaveTextContent('1,002 moved');
    const summary = screen.getByLabelText('Summary');
    await expect(summary).toHaveTextContent('Submitted in the period1,480');
    await expect(summary).toHaveTextContent('Past the service limit703');
    await expect(
      await screen.findByRole('region', { name: 'Week by week' }, { timeout: 15_000 }),
    ).toBeVisible();
    // The event-log export of the same area and period sits under the numbers.
    await expect(screen.getByRole('heading', { name: 'Event log', level: 2 })).toBeVisible();
  },
};

/** a state opens its list: a click on LAVP leads to its applications, with the same filter in the address. */
export const OpensStateList: Story = {
  play: async () => {
    const canvas = await drawnDiagram();
    await waitFor(() => expect(box(canvas, 'pendingAtLocality')).toHaveTextContent('1,204'));
    await userEvent.click(box(canvas, 'pendingAtLocality').querySelector('[data-activatable="true"]')!);
    await expect(await screen.findByTestId('opened-list')).toHaveTextContent(
      '/app/workflows/applications/LAVP?from=2025-04-01&to=2026-03-31',
    );
  },
};

/** the numbers as tables: the diagram's states and moves, and a chart switched to its table. */
export const AsTables: Story = {
  play: async () => {
    await drawnDiagram();
    await userEvent.click(
      await screen.findByRole('button', { name: "Show the diagram's numbers as tables" }),
    );
    const states = await screen.findByRole('table', { name: 'Applications in each state now' });
    await expect(within(states).getAllByRole('row')).toHaveLength(7);
    const moves = screen.getByRole('table', { name: 'Moves in the period, arrow by arrow' });
    await expect(within(moves).getByText('(submission)').closest('tr')).toHaveTextContent('1,480');
    const weekly = await screen.findByRole('region', { name: 'Week by week' }, { timeout: 15_000 });
    await userEvent.click(within(weekly).getByRole('radio', { name: 'Table' }));
    await expect(within(weekly).getAllByRole('row')).toHaveLength(DISTRICT_YEAR.weeklyTrend.length + 1);
  },
};

/** an empty period: nothing submitted or moved; the page says so, the states still hold today's cases. */
export const EmptyPeriod: Story = {
  args: { api: fakeInsightsApi(QUIET_PERIOD), entry: '/app/workflows?from=2026-11-23&to=2026-11-24' },
  play: async () => {
    await expect(
      await screen.findByRole('status', { name: /Nothing happened in this period/ }),
    ).toHaveTextContent('No application of this area was submitted or moved from 23-11-2026 to 24-11-2026.');
    const canvas = await drawnDiagram();
    await waitFor(() => expect(canvas).toHaveTextContent('0 moved'));
  },
};

/** failed: the server's words (here a district outside the verifier's) and a way to try again. */
export const Failed: Story = {
  args: {
    api: fakeInsightsApi({
      status: 403,
      message: 'You may only report on applications of your own jurisdiction.',
    }),
    entry: '/app/workflows?district=1702',
  },
  play: async () => {
    const alert = await screen.findByRole('alert');
    await expect(alert).toHaveTextContent('The live numbers could not be loaded');
    await expect(alert).toHaveTextContent('You may only report on applications of your own jurisdiction.');
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** a bad filter in the address: the contract's own words, and no call made. */
export const BadFilter: Story = {
  args: { entry: '/app/workflows?from=2026-05-01&to=2026-01-31&limit=0' },
  play: async () => {
    const alert = await screen.findByRole('alert');
    await expect(alert).toHaveTextContent('These filters cannot be used');
    await expect(alert).toHaveTextContent('to: the end date must not be before the start date.');
    await expect(alert).toHaveTextContent('serviceLimitDays: give a whole number of days from 1 to 365.');
  },
};

/** a supervisor picks any district of the state; a verifier's is fixed to its own. */
export const Supervisor: Story = {
  args: { role: 'SUPERVISOR' },
  play: async () => {
    await expect(await screen.findByRole('combobox', { name: 'District' })).toBeVisible();
    await expect(screen.getByRole('combobox', { name: 'Police Station' })).toBeDisabled();
  },
};

/** a 360 px phone: the filter stacks, the diagram fits and the numbers follow. */
export const Phone: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async () => {
    const canvas = await drawnDiagram();
    await waitFor(() => expect(box(canvas, 'pendingAtLocality')).toHaveTextContent('1,204'));
  },
};
