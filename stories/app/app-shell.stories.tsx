import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { Role } from '../../src/contract/roles';
import { AppShellLayout } from '../../src/web/app/shell/app-shell-layout';
import { DashboardView } from '../../src/web/features/dashboard/dashboard-view';
import { DEMO_CARDS } from '../dashboard/dashboard-fixtures';
import { WithStaffSession } from './story-frame';

/** The signed-in shell for one role, showing the dashboard inside. */
function ShellAs({ role }: { role: Role }) {
  return (
    <WithStaffSession role={role}>
      <MemoryRouter initialEntries={['/app/dashboard']}>
        <Routes>
          <Route path="/app" element={<AppShellLayout />}>
            <Route
              path="dashboard"
              element={
                <DashboardView state={{ status: 'loaded', cards: DEMO_CARDS }} onRetry={() => undefined} />
              }
            />
          </Route>
          <Route path="/" element={<p>Home page (after logout)</p>} />
        </Routes>
      </MemoryRouter>
    </WithStaffSession>
  );
}

const meta = {
  title: 'App/Staff shell',
  component: ShellAs,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ShellAs>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Admin: Story = { args: { role: 'ADMIN' } };
export const Verifier: Story = { args: { role: 'VERIFIER' } };
export const Moderator: Story = { args: { role: 'MODERATOR' } };
export const Supermoderator: Story = { args: { role: 'SUPERMODERATOR' } };
export const Supervisor: Story = { args: { role: 'SUPERVISOR' } };
export const User: Story = { args: { role: 'USER' } };
export const Police: Story = { args: { role: 'POLICE' } };
export const Locality: Story = { args: { role: 'LOCALITY' } };

/** On a phone the menu hides behind the burger. */
export const ModeratorOnPhone: Story = {
  args: { role: 'MODERATOR' },
  globals: { viewport: { value: 'mobile1', isRotated: false } },
};
