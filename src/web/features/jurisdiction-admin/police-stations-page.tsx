import { useCallback, useState } from 'react';
import { Button, Group, Stack, Title } from '@mantine/core';
import type { AdminStation } from '../../../contract/jurisdiction-admin.contract';
import { AddUserButton } from './add-user-button';
import { useJurisdictionAdminApi } from './jurisdiction-admin-api';
import { StationEntryDialog } from './station-entry-dialog';
import { UnitTable, usersCell, type UnitColumn } from './unit-table';
import { useUnitList } from './use-unit-list';

/**
 * /app/policestations: 'New Police Station' for an ADMIN (add a station, add a police user to each), 'Police
 * Stations' read-only for a SUPERVISOR (backoffice.md section 2).
 */
export function PoliceStationsPage({ canEdit }: { canEdit: boolean }) {
  const api = useJurisdictionAdminApi();
  const load = useCallback(() => api.stations(), [api]);
  const { state, reload } = useUnitList(load);
  const [entryOpen, setEntryOpen] = useState(false);

  const columns: UnitColumn<AdminStation>[] = [
    { header: 'Sl no.', cell: (_row, i) => i + 1 },
    { header: 'Police Station Name', cell: (row) => row.policeStationName },
    { header: 'Users', cell: (row) => usersCell(row.users) },
  ];
  if (canEdit) {
    columns.push({
      header: 'Add User',
      cell: (row) => (
        <AddUserButton
          label="Add User"
          title="Police User Entry"
          usercode={row.policeStationCode}
          unitName={row.policeStationName}
          roles={['POLICE']}
          onCreated={reload}
        />
      ),
    });
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {canEdit ? 'New Police Station' : 'Police Stations'}
        </Title>
        {canEdit && <Button onClick={() => setEntryOpen(true)}>Add Police Station</Button>}
      </Group>
      <UnitTable
        label="Police stations"
        columns={columns}
        state={state}
        rowKey={(row) => row.policeStationCode}
        empty="No police stations yet."
      />
      {canEdit && (
        <StationEntryDialog
          opened={entryOpen}
          onClose={() => setEntryOpen(false)}
          onCreated={() => {
            setEntryOpen(false);
            reload();
          }}
        />
      )}
    </Stack>
  );
}
