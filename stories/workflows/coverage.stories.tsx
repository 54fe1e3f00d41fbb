import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { workflowOf } from '../../src/web/features/workflows/workflow-catalogue';
import {
  CoverageStory,
  HALF_COVERED,
  coveredInFixture,
  fixtureMachineCoverage,
  fixtureReport,
} from './coverage-story';
import { drawn } from './workflows-story';

/** The Workflows page with QA's coverage report laid over it ("Test coverage": open, clear, stale reports). */
const meta = {
  title: 'Workflows/Coverage overlay',
  component: CoverageStory,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof CoverageStory>;

export default meta;
type Story = StoryObj<typeof meta>;

const lifecycle = workflowOf('applicationLifecycle');
const FILE = 'model-coverage.json';
const coveredCount = lifecycle.graph.edges.filter((_, index) => coveredInFixture(index)).length;

/** no report: the control offers the file, the diagram carries no badge. */
export const NoReport: Story = {
  play: async () => {
    const control = await screen.findByRole('group', { name: 'Test coverage' });
    await expect(within(control).getByRole('button', { name: 'Open coverage report…' })).toBeVisible();
    await expect(within(control).queryByRole('button', { name: 'Clear' })).toBeNull();
    const canvas = await drawn(lifecycle.title);
    await expect(canvas.querySelectorAll('[data-tone]')).toHaveLength(0);
  },
};

/** report loaded, diagram: every state and arrow badged covered or not covered, and the summary line. */
export const ReportOnDiagram: Story = {
  args: { stored: { fileName: FILE, report: HALF_COVERED } },
  play: async () => {
    await expect(await screen.findByTestId('coverage-summary')).toHaveTextContent(
      `${coveredCount} of ${lifecycle.graph.edges.length} transitions covered, report of 24-11-2026, 15:51 UTC (${FILE})`,
    );
    const canvas = await drawn(lifecycle.title);
    await waitFor(() => expect(canvas.querySelectorAll('[data-tone="bad"]').length).toBeGreaterThan(0));
    await expect(within(canvas).getAllByText('covered').length).toBeGreaterThan(0);
    await expect(screen.queryByRole('alert')).toBeNull();
  },
};

/** report loaded, table: the "Covered by" column names the first test and discloses the rest. */
export const ReportOnTable: Story = {
  args: { stored: { fileName: FILE, report: HALF_COVERED }, entry: '/app/workflows?view=table' },
  play: async () => {
    const table = await screen.findByRole('table', { name: `Transitions of ${lifecycle.title}` });
    await expect(within(table).getAllByRole('columnheader').at(-1)).toHaveTextContent('Covered by');
    await expect(within(table).getAllByText('not covered').length).toBe(
      lifecycle.graph.edges.length - coveredCount,
    );
    const disclosure = within(table).getAllByText(/^unit test: tracker\.test\.ts/)[0];
    await userEvent.click(disclosure);
    await expect(within(disclosure.closest('details')!).getByText('and 9 more')).toBeVisible();
  },
};

/** a stale report: made before the tracker's last arrows were added and after one was removed; said plainly. */
export const StaleReport: Story = {
  args: {
    entry: '/app/workflows?machine=tracker',
    stored: {
      fileName: FILE,
      report: fixtureReport({ tracker: fixtureMachineCoverage('tracker', { drop: 2, vanished: true }) }),
    },
  },
  play: async () => {
    const warning = await screen.findByText('This report does not know these transitions');
    const box = warning.closest('.mantine-Alert-root') as HTMLElement;
    await expect(box).toHaveTextContent('2 transition(s) of the machine are not in the report');
    await expect(box).toHaveTextContent('no longer has: the machine changed after the report was made');
    const canvas = await drawn(workflowOf('tracker').title);
    await waitFor(() => expect(within(canvas).getAllByText('not in report')).toHaveLength(2));
  },
};

/** a report without this machine: nothing drawn from it, and the reason. */
export const MachineNotInReport: Story = {
  args: { entry: '/app/workflows?machine=search', stored: { fileName: FILE, report: HALF_COVERED } },
  play: async () => {
    await expect(await screen.findByText('This report does not know this workflow')).toBeVisible();
  },
};

/** a wrong file: a clear message, and the page as it was. */
export const BadFile: Story = {
  play: async () => {
    const control = await screen.findByRole('group', { name: 'Test coverage' });
    const input = control.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(input, new File(['{"machines": 3}'], 'notes.json', { type: 'application/json' }));
    await expect(await screen.findByRole('alert')).toHaveTextContent('“notes.json” is not a coverage report');
    await expect(screen.queryByTestId('coverage-summary')).toBeNull();
  },
};

/** a 360 px phone with a report: the control wraps, the summary and badges stay readable. */
export const Phone: Story = {
  args: { stored: { fileName: FILE, report: HALF_COVERED } },
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async () => {
    await expect(await screen.findByTestId('coverage-summary')).toBeVisible();
    const canvas = await drawn(lifecycle.title);
    await waitFor(() => expect(canvas.querySelectorAll('[data-tone="good"]').length).toBeGreaterThan(0));
  },
};
