import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
import { userEvent } from 'storybook/test';
import { JURISDICTION_ADMIN_MESSAGES as M } from '../../../src/contract/jurisdiction-admin.contract';
import { AppProviders } from '../../../src/web/app/providers';
import { WardsPage } from '../../../src/web/features/jurisdiction-admin/wards-page';
import { PoliceStationsPage } from '../../../src/web/features/jurisdiction-admin/police-stations-page';
import * as localities from '../../../stories/jurisdiction-admin/localities.stories';
import * as stations from '../../../stories/jurisdiction-admin/police-stations.stories';
import * as wards from '../../../stories/jurisdiction-admin/wards.stories';
import { WithJurisdictionFakes } from '../../../stories/jurisdiction-admin/jurisdiction-admin-fakes';

const prefixed = (prefix: string, set: Record<string, unknown>) =>
  Object.entries(set).map(([name, story]) => [`${prefix} ${name}`, story] as const);
const all = [
  ...prefixed('Police Stations:', composeStories(stations)),
  ...prefixed('Localities:', composeStories(localities)),
  ...prefixed('Wards:', composeStories(wards)),
] as [string, ReturnType<typeof composeStories<typeof wards>>['AdminList']][];

describe('jurisdiction screens’ stories', () => {
  it.each(all)('%s plays to its state', async (_name, Story) => {
    render(<Story />);
    await Story.play?.();
  });
});

describe('what the screens send', () => {
  it('sends a trimmed station and reloads the table after the success message', async () => {
    const onCall = vi.fn();
    render(
      <AppProviders>
        <WithJurisdictionFakes fake={{ onCall }}>
          <PoliceStationsPage canEdit />
        </WithJurisdictionFakes>
      </AppProviders>,
    );
    await screen.findByText('Sadar Police Station');
    await userEvent.click(screen.getByRole('button', { name: 'Add Police Station' }));
    const dialog = await screen.findByRole('dialog', { name: 'Police Station Entry' });
    await userEvent.type(dialog.querySelector('input')!, '  Umiam  ');
    await userEvent.selectOptions(dialog.querySelector('select')!, '1703');
    await userEvent.click(screen.getAllByRole('button', { name: 'Add Police Station' }).at(-1)!);
    await screen.findByText(M.stationAdded);
    expect(onCall).toHaveBeenCalledWith('createStation', [{ policeStationName: 'Umiam', dist: '1703' }]);
    await waitFor(() => expect(onCall.mock.calls.filter(([name]) => name === 'stations')).toHaveLength(2));
  });

  it('asks the wards of the chosen locality when the verifier filters', async () => {
    const onCall = vi.fn();
    render(
      <AppProviders>
        <WithJurisdictionFakes fake={{ onCall }}>
          <WardsPage viewer="VERIFIER" usercode="1701" />
        </WithJurisdictionFakes>
      </AppProviders>,
    );
    await screen.findByText('Laitumkhrah Main');
    const filter = screen.getByLabelText('Filter sub-localities by locality');
    await waitFor(() => expect(filter.querySelectorAll('option').length).toBeGreaterThan(1));
    await userEvent.selectOptions(filter, 'PS1701002LA01');
    await waitFor(() =>
      expect(onCall).toHaveBeenLastCalledWith('wards', [{ localityCode: 'PS1701002LA01' }]),
    );
  });
});
