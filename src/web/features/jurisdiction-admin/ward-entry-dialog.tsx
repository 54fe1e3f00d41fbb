import { useEffect, useState } from 'react';
import { Text } from '@mantine/core';
import {
  wardEntryBodySchema,
  wardEntryWithAreaBodySchema,
  type AdminLocality,
} from '../../../contract/jurisdiction-admin.contract';
import { EntryDialog, EntrySelect, EntryTextInput } from './entry-dialog';
import { useJurisdictionAdminApi } from './jurisdiction-admin-api';
import { useEntryForm } from './use-entry-form';

/**
 * Create Sub-Locality/Wards: name, headman name and the area (locality). A SUPERMODERATOR has no area picker:
 * its own locality (its usercode) is the area, and the server holds it to that.
 */
export function WardEntryDialog(props: {
  opened: boolean;
  /** The SUPERMODERATOR's locality code; absent for the roles that pick an area. */
  ownLocality?: string;
  onClose: () => void;
  onCreated: () => void;
}) {
  const api = useJurisdictionAdminApi();
  const own = props.ownLocality;
  const [areas, setAreas] = useState<AdminLocality[]>([]);
  const form = useEntryForm({
    schema: own ? wardEntryBodySchema : wardEntryWithAreaBodySchema,
    empty: { localAuthorityName: '', headManName: '', area: own ?? '' },
    send: api.createWard,
    onDone: props.onCreated,
  });

  useEffect(() => {
    if (!props.opened || own) return;
    api.localities().then(setAreas, () => setAreas([]));
  }, [api, props.opened, own]);

  return (
    <EntryDialog
      opened={props.opened}
      title="Create Sub-Locality/Wards"
      submitLabel="Create Sub-Locality/Wards"
      form={form}
      onClose={props.onClose}
    >
      <EntryTextInput form={form} name="localAuthorityName" label="Sub-Locality/Wards Name" autoFocus />
      <EntryTextInput form={form} name="headManName" label="Headman Name" />
      {own ? (
        <Text size="sm">Area (your locality): {own}</Text>
      ) : (
        <EntrySelect
          form={form}
          name="area"
          label="Area (Locality/Cantonment)"
          placeholder="Select locality"
          choices={areas.map((a) => ({
            value: a.localityCode,
            label: `${a.localityName} (${a.ps.policeStationName})`,
          }))}
        />
      )}
    </EntryDialog>
  );
}
