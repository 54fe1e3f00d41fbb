import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { DashboardView } from '../../src/web/features/dashboard/dashboard-view';
import { DASHBOARD_LOAD_ERROR } from '../../src/web/features/dashboard/use-dashboard-summary';
import { withRouterAt } from '../app/story-frame';
import { DEMO_CARDS } from './dashboard-fixtures';

/** The dashboard in each state of GET dashboard/summary. */
const meta = {
  title: 'Dashboard/Dashboard view',
  component: DashboardView,
  decorators: [withRouterAt('/app/dashboard')],
  args: { onRetry: fn() },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof DashboardView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { state: { status: 'loading' } } };

export const Loaded: Story = { args: { state: { status: 'loaded', cards: DEMO_CARDS } } };

/** Once a card's list screen exists, the route passes its path and the card becomes a link. */
export const LoadedWithLinkedCard: Story = {
  args: {
    state: { status: 'loaded', cards: DEMO_CARDS },
    cardLinks: { policeStations: '/app/policestations' },
  },
};

export const NoCards: Story = { args: { state: { status: 'loaded', cards: [] } } };

export const Failed: Story = { args: { state: { status: 'error', message: DASHBOARD_LOAD_ERROR } } };
