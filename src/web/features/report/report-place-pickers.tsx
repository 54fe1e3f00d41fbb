import { Select, SimpleGrid } from '@mantine/core';
import { useChoices } from '../../lib/use-choices';
import { useReportApi } from './report-api';
import type { ReportFormErrors, ReportFormValues } from './report-form';

type Place = Pick<ReportFormValues, 'policeStation' | 'locality' | 'localAuthority'>;

/**
 * The supervisor's police station (any, required) and the optional locality and sub-locality/ward inside it,
 * fed by the master lookups. Choosing a station clears the locality and ward; choosing a locality, the ward.
 */
export function ReportPlacePickers(props: {
  value: Place;
  errors: ReportFormErrors;
  onChange: (place: Place) => void;
}) {
  const api = useReportApi();
  const { value, onChange } = props;
  const stations = useChoices('all', async (_, signal) =>
    (await api.stations(signal)).map((s) => ({ value: s.policeStationCode, label: s.policeStationName })),
  );
  const localities = useChoices(value.policeStation, async (code, signal) =>
    (await api.localities(code, signal)).map((l) => ({ value: l.localityCode, label: l.localityName })),
  );
  const wards = useChoices(value.locality, async (code, signal) =>
    (await api.wards(code, signal)).map((w) => ({
      value: w.localAuthorityCode,
      label: w.localAuthorityName,
    })),
  );
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
      <Select
        label="Police Station"
        placeholder="Select a police station"
        withAsterisk
        searchable
        data={stations}
        value={value.policeStation}
        error={props.errors.policeStation}
        onChange={(code) => onChange({ policeStation: code, locality: null, localAuthority: null })}
      />
      <Select
        label="Locality"
        placeholder="All localities"
        clearable
        searchable
        disabled={!value.policeStation}
        data={localities}
        value={value.locality}
        onChange={(code) => onChange({ ...value, locality: code, localAuthority: null })}
      />
      <Select
        label="Sub-Locality/Wards"
        placeholder="All sub-localities/wards"
        clearable
        searchable
        disabled={!value.locality}
        data={wards}
        value={value.localAuthority}
        onChange={(code) => onChange({ ...value, localAuthority: code })}
      />
    </SimpleGrid>
  );
}
