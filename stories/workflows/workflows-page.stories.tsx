import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { machineRegistry } from '../../machines';
import { workflowOf } from '../../src/web/features/workflows/workflow-catalogue';
import { WorkflowsStory, drawn, failingLayout, pendingLayout } from './workflows-story';

/** The Workflows page (/app/workflows): every machine of the registry drawn from its definition, or as a table. */
const meta = {
  title: 'Workflows/Workflows page',
  component: WorkflowsStory,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof WorkflowsStory>;

export default meta;
type Story = StoryObj<typeof meta>;

const lifecycle = workflowOf('applicationLifecycle');
const diagram = () =>
  screen.findByRole('application', { name: `State diagram of ${lifecycle.title}` }, { timeout: 15_000 });

/** loading the diagram: the drawing's code and the layout are on their way. */
export const LoadingDiagram: Story = {
  args: { layout: pendingLayout },
  play: async () => {
    await expect(await screen.findByRole('status')).toHaveTextContent(
      `Drawing the diagram of ${lifecycle.title}`,
    );
    await expect(screen.getByRole('heading', { name: 'Workflows', level: 1 })).toBeVisible();
  },
};

/** drawn: the application lifecycle, its states with status and holder, guarded arrows, zoom buttons. */
export const Drawn: Story = {
  play: async () => {
    const canvas = await drawn(lifecycle.title);
    await expect(within(canvas).getByText('pendingAtWard')).toBeInTheDocument();
    await expect(within(canvas).getAllByText('held by ward').length).toBeGreaterThan(0);
    await expect(within(canvas).getAllByText('[isWardModerator]').length).toBeGreaterThan(0);
    await expect(within(canvas).getByRole('button', { name: 'Zoom in' })).toBeInTheDocument();
    await expect(within(canvas).getByRole('button', { name: 'Fit the whole diagram' })).toBeInTheDocument();
    const state = within(canvas).getByRole('group', { name: /^State pendingAtWard/ });
    await expect(state).toHaveAttribute('tabindex', '0');
    await expect(state.getAttribute('aria-label')).toContain(
      'application.recommendApproval to pendingAtLocality',
    );
  },
};

/** drawn, nested: the staff login's states inside their parents (groups). */
export const NestedStates: Story = {
  args: { entry: '/app/workflows?machine=staffLogin' },
  play: async () => {
    const canvas = await drawn(machineRegistry.staffLogin.title);
    await expect(canvas.querySelectorAll('[data-type="compound"]').length).toBeGreaterThan(0);
  },
};

/** table view: the lifecycle's transitions, one row per arrow, with guard and role. */
export const TableView: Story = {
  args: { entry: '/app/workflows?view=table' },
  play: async () => {
    const table = await screen.findByRole('table', { name: `Transitions of ${lifecycle.title}` });
    await expect(within(table).getAllByRole('row')).toHaveLength(lifecycle.rows.length + 1);
    await expect(
      within(table).getByText(`${lifecycle.rows.length} transition(s) between 10 state(s)`),
    ).toBeVisible();
    await expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['From state', 'Event', 'To state', 'Guard', 'Role']);
    await expect(screen.queryByRole('application')).toBeNull();
  },
};

/** the layout failed: the reason, and the table offered instead. */
export const LayoutFailed: Story = {
  args: { layout: failingLayout },
  play: async () => {
    await expect(await screen.findByRole('alert')).toHaveTextContent(
      'The Table view lists the same transitions.',
    );
  },
};

/** a 360 px phone: the picker takes the whole width, the diagram fits the screen and can be zoomed. */
export const Phone: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async () => {
    const canvas = await diagram();
    await waitFor(() => expect(canvas.closest('[data-state="drawn"]')).not.toBeNull());
    await expect(within(canvas).getByRole('button', { name: 'Zoom out' })).toBeInTheDocument();
  },
};
