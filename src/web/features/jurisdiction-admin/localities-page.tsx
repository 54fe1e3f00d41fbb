import { useCallback, useState } from 'react';
import { Button, Group, Stack, Title } from '@mantine/core';
import type { AdminLocality } from '../../../contract/jurisdiction-admin.contract';
import { AddUserButton } from './add-user-button';
import { useJurisdictionAdminApi } from './jurisdiction-admin-api';
import { LocalityEntryDialog } from './locality-entry-dialog';
import { UnitTable, usersCell, type UnitColumn } from './unit-table';
import { useUnitList } from './use-unit-list';

/**
 * /app/localities (VERIFIER: its district; ADMIN: all): the localities with their accounts, Create Locality and
 * each row's ADD USER (Create Locality User: a SUPERMODERATOR or LOCALITY account).
 */
export function LocalitiesPage({ districtCode }: { districtCode?: string }) {
  const api = useJurisdictionAdminApi();
  const load = useCallback(() => api.localities(), [api]);
  const { state, reload } = useUnitList(load);
  const [entryOpen, setEntryOpen] = useState(false);

  const columns: UnitColumn<AdminLocality>[] = [
    { header: 'Locality Code', cell: (row) => row.localityCode },
    { header: 'Locality Name', cell: (row) => row.localityName },
    { header: 'Headman Name', cell: (row) => row.headManName },
    { header: 'Users', cell: (row) => usersCell(row.users) },
    {
      header: 'ADD USER',
      cell: (row) => (
        <AddUserButton
          label="Add User"
          title="Create Locality User"
          usercode={row.localityCode}
          unitName={row.localityName}
          roles={['SUPERMODERATOR', 'LOCALITY']}
          onCreated={reload}
        />
      ),
    },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          Localities
        </Title>
        <Button onClick={() => setEntryOpen(true)}>Create Locality</Button>
      </Group>
      <UnitTable
        label="Localities"
        columns={columns}
        state={state}
        rowKey={(row) => row.localityCode}
        empty="No localities yet."
      />
      <LocalityEntryDialog
        opened={entryOpen}
        districtCode={districtCode}
        onClose={() => setEntryOpen(false)}
        onCreated={() => {
          setEntryOpen(false);
          reload();
        }}
      />
    </Stack>
  );
}
