import { useEffect, useState } from 'react';
import { stationEntryBodySchema } from '../../../contract/jurisdiction-admin.contract';
import type { DistrictRow } from '../../../contract/master.contract';
import { EntryDialog, EntrySelect, EntryTextInput } from './entry-dialog';
import { useJurisdictionAdminApi } from './jurisdiction-admin-api';
import { useEntryForm } from './use-entry-form';

/** Police Station Entry (ADMIN): name and district; the server gives the code. */
export function StationEntryDialog(props: { opened: boolean; onClose: () => void; onCreated: () => void }) {
  const api = useJurisdictionAdminApi();
  const [districts, setDistricts] = useState<DistrictRow[]>([]);
  const form = useEntryForm({
    schema: stationEntryBodySchema,
    empty: { policeStationName: '', dist: '' },
    send: api.createStation,
    onDone: props.onCreated,
  });

  useEffect(() => {
    if (!props.opened) return;
    api.districts().then(setDistricts, () => setDistricts([]));
  }, [api, props.opened]);

  return (
    <EntryDialog
      opened={props.opened}
      title="Police Station Entry"
      submitLabel="Add Police Station"
      form={form}
      onClose={props.onClose}
    >
      <EntryTextInput form={form} name="policeStationName" label="Police Station Name" autoFocus />
      <EntrySelect
        form={form}
        name="dist"
        label="District"
        placeholder="Select district"
        choices={districts.map((d) => ({ value: d.districtCode, label: d.districtName }))}
      />
    </EntryDialog>
  );
}
