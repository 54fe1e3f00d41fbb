import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, within } from 'storybook/test';
import { MemoryRouter } from 'react-router';
import type { ApplicationsApi } from '../../src/web/features/applications/applications-api';
import { ApplicationsApiProvider } from '../../src/web/features/applications/applications-api';
import { StateListPage } from '../../src/web/features/applications/state-list-page';
import { readLifecycleFilter } from '../../src/web/lib/lifecycle-filter-address';
import { demoDetail, demoPage, demoRow, fakeApplicationsApi, serverRefusal } from './application-fixtures';
import type { ApplicationPage } from '../../src/contract/applications.contract';

const TODAY = '2026-11-24';

interface StateListStoryProps {
  api: ApplicationsApi;
  /** The filter part of the address the live numbers opened. */
  query?: string;
  role?: 'VERIFIER' | 'SUPERVISOR';
}

/** The list of one status's applications, as /app/workflows/applications/LAVP renders it. */
function StateListStory({
  api,
  query = 'from=2025-04-01&to=2026-03-31',
  role = 'VERIFIER',
}: StateListStoryProps) {
  const viewer = {
    role,
    username: role.toLowerCase(),
    usercode: role === 'VERIFIER' ? '1701' : '17',
  };
  return (
    <ApplicationsApiProvider value={api}>
      <MemoryRouter initialEntries={[`/app/workflows/applications/LAVP?${query}`]}>
        <StateListPage
          status="LAVP"
          filter={readLifecycleFilter(new URLSearchParams(query), TODAY)}
          viewer={viewer}
          today={TODAY}
        />
      </MemoryRouter>
    </ApplicationsApiProvider>
  );
}

/** One status's applications, opened from a state of the lifecycle's live numbers (docs/insights-page.md). */
const meta = {
  title: 'Applications/State list',
  component: StateListStory,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof StateListStory>;
export default meta;
type Story = StoryObj<typeof meta>;

const rows = [2101, 2102, 2103].map((id) => demoRow(id, 'LAVP', 'VERIFIER'));
/** One page holding the whole list: three applications. */
const threeRows: ApplicationPage = { ...demoPage(rows), totalElements: rows.length };

/** loading: the list's own loading state under the status's title. */
export const Loading: Story = {
  args: { api: fakeApplicationsApi({ page: 'loading' }) },
  play: async () => {
    await expect(await screen.findByRole('status', { name: 'Loading applications' })).toBeVisible();
    await expect(
      screen.getByRole('heading', { name: 'Applications pending at localities (LAVP)', level: 1 }),
    ).toBeVisible();
  },
};

/** loaded: the area named with its count, the rows, the way back with the same filter, and a row's details. */
export const Loaded: Story = {
  args: {
    api: fakeApplicationsApi({ page: threeRows, detail: demoDetail('LAVP', [], 'VERIFIER', 2101) }),
    query: 'from=2025-04-01&to=2026-03-31&station=PS1701001',
  },
  play: async () => {
    await expect(await screen.findByText('In police station PS1701001: 3 application(s)')).toBeVisible();
    await expect(screen.getByRole('link', { name: 'Back to the live numbers' })).toHaveAttribute(
      'href',
      '/app/workflows?machine=applicationLifecycle&view=live&from=2025-04-01&to=2026-03-31&station=PS1701001',
    );
    const table = screen.getByRole('table');
    await expect(within(table).getAllByRole('row')).toHaveLength(rows.length + 1);
    await userEvent.click(screen.getByRole('button', { name: 'View application 2101' }));
    await expect(await screen.findByRole('dialog')).toBeVisible();
  },
};

/** refused: an area outside the viewer's jurisdiction; the server's words, not an empty list. */
export const Refused: Story = {
  args: {
    api: {
      ...fakeApplicationsApi({}),
      listPage: async () => {
        throw serverRefusal('You may only list the applications of your own jurisdiction.', 403);
      },
    },
    query: 'district=1702',
  },
  play: async () => {
    const alert = await screen.findByRole('alert');
    await expect(alert).toHaveTextContent('The applications could not be listed');
    await expect(alert).toHaveTextContent('You may only list the applications of your own jurisdiction.');
    await expect(screen.getByText('In district 1702')).toBeVisible();
  },
};

/** empty: none in this status for the area. */
export const Empty: Story = {
  args: { api: fakeApplicationsApi({ page: { ...demoPage([]), totalElements: 0 } }), role: 'SUPERVISOR' },
  play: async () => {
    await expect(await screen.findByText('No Applications')).toBeVisible();
    await expect(screen.getByText('In the whole state: 0 application(s)')).toBeVisible();
  },
};

/** a 360 px phone: the table scrolls sideways inside its region. */
export const Phone: Story = {
  args: { api: fakeApplicationsApi({ page: threeRows }) },
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async () => {
    await expect(await screen.findByText('In your district (1701): 3 application(s)')).toBeVisible();
  },
};
