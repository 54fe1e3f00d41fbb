import { useCallback, useEffect, useState } from 'react';
import { Button, Group, NativeSelect, Stack, Title } from '@mantine/core';
import type { AdminLocality, AdminWard } from '../../../contract/jurisdiction-admin.contract';
import { AddUserButton } from './add-user-button';
import { useJurisdictionAdminApi } from './jurisdiction-admin-api';
import { UnitTable, usersCell, type UnitColumn } from './unit-table';
import { useUnitList } from './use-unit-list';
import { WardEntryDialog } from './ward-entry-dialog';

export type WardsViewer = 'ADMIN' | 'VERIFIER' | 'SUPERMODERATOR';

/** A row's Add User: Create Sub-Locality User, a MODERATOR account at that ward. */
export function wardUserButton(row: AdminWard, onCreated: () => void) {
  return (
    <AddUserButton
      label="Add User"
      title="Create Sub-Locality User"
      usercode={row.localAuthorityCode}
      unitName={row.localAuthorityName}
      roles={['MODERATOR']}
      onCreated={onCreated}
    />
  );
}

/**
 * /app/local-authorities: the sub-localities/wards of the caller's scope (a SUPERMODERATOR's locality, a
 * VERIFIER's district with 'Filter sub-localities by locality', all for an ADMIN), Create Sub-Locality/Wards and
 * each row's Create Sub-Locality User.
 */
export function WardsPage({ viewer, usercode }: { viewer: WardsViewer; usercode: string }) {
  const api = useJurisdictionAdminApi();
  const [localityCode, setLocalityCode] = useState('');
  const [filterChoices, setFilterChoices] = useState<AdminLocality[]>([]);
  const load = useCallback(() => api.wards(localityCode ? { localityCode } : {}), [api, localityCode]);
  const { state, reload } = useUnitList(load);
  const [entryOpen, setEntryOpen] = useState(false);

  useEffect(() => {
    if (viewer === 'VERIFIER') api.localities().then(setFilterChoices, () => setFilterChoices([]));
  }, [api, viewer]);

  const columns: UnitColumn<AdminWard>[] = [
    { header: 'Code', cell: (row) => row.localAuthorityCode },
    { header: 'Sub-Locality/Wards Name', cell: (row) => row.localAuthorityName },
    { header: 'Headman Name', cell: (row) => row.headManName },
    { header: 'Users', cell: (row) => usersCell(row.users) },
    { header: 'Actions', cell: (row) => wardUserButton(row, reload) },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          Sub-Localities/Wards
        </Title>
        <Button onClick={() => setEntryOpen(true)}>Create Sub-Locality/Wards</Button>
      </Group>
      {viewer === 'VERIFIER' && (
        <NativeSelect
          label="Filter sub-localities by locality"
          maw={420}
          value={localityCode}
          onChange={(e) => setLocalityCode(e.currentTarget.value)}
          data={[
            { value: '', label: 'All localities' },
            ...filterChoices.map((l) => ({ value: l.localityCode, label: l.localityName })),
          ]}
        />
      )}
      <UnitTable
        label="Sub-localities and wards"
        columns={columns}
        state={state}
        rowKey={(row) => row.localAuthorityCode}
        empty="No sub-localities/wards yet."
      />
      <WardEntryDialog
        opened={entryOpen}
        ownLocality={viewer === 'SUPERMODERATOR' ? usercode : undefined}
        onClose={() => setEntryOpen(false)}
        onCreated={() => {
          setEntryOpen(false);
          reload();
        }}
      />
    </Stack>
  );
}
