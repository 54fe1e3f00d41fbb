import { useEffect, useState } from 'react';
import { localityEntryBodySchema } from '../../../contract/jurisdiction-admin.contract';
import type { PoliceStationRow } from '../../../contract/master.contract';
import { EntryDialog, EntrySelect, EntryTextInput } from './entry-dialog';
import { useJurisdictionAdminApi } from './jurisdiction-admin-api';
import { useEntryForm } from './use-entry-form';

/**
 * Create Locality: name, headman name and the police station it belongs to (a VERIFIER picks among its
 * district's stations, an ADMIN among all).
 */
export function LocalityEntryDialog(props: {
  opened: boolean;
  /** The VERIFIER's district; absent for an ADMIN. */
  districtCode?: string;
  onClose: () => void;
  onCreated: () => void;
}) {
  const api = useJurisdictionAdminApi();
  const [stations, setStations] = useState<PoliceStationRow[]>([]);
  const form = useEntryForm({
    schema: localityEntryBodySchema,
    empty: { localityName: '', headManName: '', ps: '' },
    send: api.createLocality,
    onDone: props.onCreated,
  });

  useEffect(() => {
    if (!props.opened) return;
    api.stationChoices(props.districtCode).then(setStations, () => setStations([]));
  }, [api, props.opened, props.districtCode]);

  return (
    <EntryDialog
      opened={props.opened}
      title="Create Locality"
      submitLabel="Create Locality"
      form={form}
      onClose={props.onClose}
    >
      <EntryTextInput form={form} name="localityName" label="Locality Name" autoFocus />
      <EntryTextInput form={form} name="headManName" label="Headman Name" />
      <EntrySelect
        form={form}
        name="ps"
        label="Police Station"
        placeholder="Select police station"
        choices={stations.map((s) => ({ value: s.policeStationCode, label: s.policeStationName }))}
      />
    </EntryDialog>
  );
}
