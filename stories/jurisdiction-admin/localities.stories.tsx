import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, within } from 'storybook/test';
import { JURISDICTION_ADMIN_MESSAGES as M } from '../../src/contract/jurisdiction-admin.contract';
import { LocalitiesPage } from '../../src/web/features/jurisdiction-admin/localities-page';
import { RegisteredLocalitiesPage } from '../../src/web/features/jurisdiction-admin/registered-units-pages';
import { WithJurisdictionFakes, type FakeJurisdictionOptions } from './jurisdiction-admin-fakes';

/** /app/localities (VERIFIER, ADMIN) and the read-only /app/registered-localities. */
function LocalitiesOverFakes({ registered, fake }: { registered?: boolean; fake?: FakeJurisdictionOptions }) {
  return (
    <WithJurisdictionFakes fake={fake}>
      {registered ? <RegisteredLocalitiesPage /> : <LocalitiesPage districtCode="1701" />}
    </WithJurisdictionFakes>
  );
}

const meta = {
  title: 'Jurisdiction/Localities',
  component: LocalitiesOverFakes,
} satisfies Meta<typeof LocalitiesOverFakes>;

export default meta;
type Story = StoryObj<typeof meta>;

export const List: Story = {
  play: async () => {
    await expect(await screen.findByText('PS1701001LA01')).toBeVisible();
    await expect(screen.getByText('locality, supermoderator')).toBeVisible();
  },
};

export const Empty: Story = {
  args: { fake: { list: 'empty' } },
  play: async () => {
    await expect(await screen.findByText('No localities yet.')).toBeVisible();
  },
};

/** Create Locality submitted empty: 'Name required', 'Headman name required' and the station. */
export const CreateValidationErrors: Story = {
  play: async () => {
    await screen.findByText('PS1701001LA01');
    await userEvent.click(screen.getByRole('button', { name: 'Create Locality' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create Locality' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Create Locality' }));
    await expect(await dialog.findByText(M.nameRequired)).toBeVisible();
    await expect(dialog.getByText(M.headmanRequired)).toBeVisible();
    await expect(dialog.getByText(M.stationRequired)).toBeVisible();
  },
};

export const CreateLocalityUser: Story = {
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Add User for Malki' }));
    await expect(await screen.findByRole('dialog', { name: 'Create Locality User' })).toBeVisible();
  },
};

export const RegisteredList: Story = {
  args: { registered: true },
  play: async () => {
    await expect(await screen.findByRole('heading', { name: 'Registered Localities' })).toBeVisible();
    await expect(await screen.findByText('Police Bazar')).toBeVisible();
  },
};

/** While the list loads, the table is covered by the busy overlay. */
export const RegisteredLoading: Story = {
  args: { registered: true, fake: { list: 'pending' } },
  play: async () => {
    await screen.findByRole('heading', { name: 'Registered Localities' });
    await expect(document.querySelector('[aria-busy="true"]')).not.toBeNull();
  },
};
