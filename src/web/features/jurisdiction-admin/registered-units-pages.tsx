import { useCallback } from 'react';
import { Stack, Title } from '@mantine/core';
import type { AdminLocality, AdminWard } from '../../../contract/jurisdiction-admin.contract';
import { useJurisdictionAdminApi } from './jurisdiction-admin-api';
import { UnitTable, usersCell, type UnitColumn } from './unit-table';
import { useUnitList } from './use-unit-list';
import { wardUserButton } from './wards-page';

/** /app/registered-localities (dashboard card): read-only, with a busy overlay while loading. */
export function RegisteredLocalitiesPage() {
  const api = useJurisdictionAdminApi();
  const load = useCallback(() => api.localities(), [api]);
  const { state } = useUnitList(load);
  const columns: UnitColumn<AdminLocality>[] = [
    { header: 'Locality/Cantonment', cell: (row) => row.localityName },
    { header: 'Headman Name', cell: (row) => row.headManName },
    { header: 'Users', cell: (row) => usersCell(row.users) },
  ];
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Registered Localities
      </Title>
      <UnitTable
        label="Registered localities"
        columns={columns}
        state={state}
        rowKey={(row) => row.localityCode}
        empty="No localities registered."
      />
    </Stack>
  );
}

/**
 * /app/registered-local-authorities (dashboard card): read-only list; its Actions column offers Create
 * Sub-Locality User only to the roles that may create a ward officer there (canAddUsers).
 */
export function RegisteredWardsPage({ canAddUsers }: { canAddUsers: boolean }) {
  const api = useJurisdictionAdminApi();
  const load = useCallback(() => api.wards(), [api]);
  const { state, reload } = useUnitList(load);
  const columns: UnitColumn<AdminWard>[] = [
    { header: 'Locality/Cantonment', cell: (row) => row.localityName },
    { header: 'Sub-Locality/Wards Name', cell: (row) => row.localAuthorityName },
    { header: 'Headman Name', cell: (row) => row.headManName },
    { header: 'Users', cell: (row) => usersCell(row.users) },
    { header: 'Actions', cell: (row) => (canAddUsers ? wardUserButton(row, reload) : '—') },
    { header: 'Police Station', cell: (row) => row.ps.policeStationName },
  ];
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Registered Sub-Localities/Wards
      </Title>
      <UnitTable
        label="Registered sub-localities and wards"
        columns={columns}
        state={state}
        rowKey={(row) => row.localAuthorityCode}
        empty="No sub-localities/wards registered."
      />
    </Stack>
  );
}
