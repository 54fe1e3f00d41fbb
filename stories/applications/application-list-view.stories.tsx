import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ApplicationListView } from '../../src/web/features/applications/application-list-view';
import { withRouterAt } from '../app/story-frame';
import { DEMO_WARDS, demoPage, demoRow } from './application-fixtures';

/** An application list in each state: loading, loaded, 'No Applications', with the SUPERMODERATOR's filter. */
const meta = {
  title: 'Applications/Application list',
  component: ApplicationListView,
  args: { listPage: 'pending', onPage: fn(), onView: fn(), onExport: fn() },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof ApplicationListView>;
export default meta;
type Story = StoryObj<typeof meta>;

const pendingRows = [1041, 1042, 1043, 1044].map((id) => demoRow(id, 'LARP'));

export const Loading: Story = { args: { state: { status: 'loading' } } };

export const Loaded: Story = { args: { state: { status: 'loaded', page: demoPage(pendingRows, 1, 4) } } };

/** A failed load reads like an empty list, as the spec says. */
export const NoApplications: Story = { args: { state: { status: 'failed' } } };

export const Empty: Story = { args: { state: { status: 'loaded', page: demoPage([]) } } };

export const SupermoderatorFilter: Story = {
  args: {
    state: {
      status: 'loaded',
      page: demoPage([1050, 1051].map((id) => demoRow(id, 'LAVP', 'SUPERMODERATOR'))),
    },
    wardFilter: { localityCode: 'PS1701001LA01', wards: DEMO_WARDS, value: 'PS1701001LA01', onChange: fn() },
  },
};

export const ForwardedAsModerator: Story = {
  args: { listPage: 'forwarded', state: { status: 'loaded', page: demoPage([demoRow(1060, 'LAVP')]) } },
};

export const ShiftedTenants: Story = {
  args: { listPage: 'shiftedTenants', state: { status: 'loaded', page: demoPage([demoRow(1070, 'APARV')]) } },
};

/** The Rectification page as a USER sees it: New Application opens the clearance wizard (/app/new-application). */
export const RectificationForUser: Story = {
  args: {
    listPage: 'rectification',
    newApplication: true,
    state: { status: 'loaded', page: demoPage([demoRow(1080, 'RECT')]) },
  },
  decorators: [withRouterAt('/app/application/rectification')],
};
