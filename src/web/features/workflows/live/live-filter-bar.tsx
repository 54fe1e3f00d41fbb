import '@mantine/dates/styles.layer.css';
import { NumberInput, Select, SimpleGrid, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useState } from 'react';
import { stateOf } from '../../../../../machines/application';
import type { LifecycleFilter } from '../../../lib/lifecycle-filter-address';
import { useChoices } from '../../../lib/use-choices';
import { useLiveInsightsApi } from './insights-api';

/** Who looks: a VERIFIER's district is fixed to its own; SUPERVISOR and ADMIN may pick any of the state's. */
export interface LiveViewer {
  role: string;
  usercode: string;
  username: string;
}

const LIMIT_MESSAGE = 'Give a whole number of days from 1 to 365.';
const validLimit = (text: string) => /^\d+$/.test(text) && Number(text) >= 1 && Number(text) <= 365;

export const isDistrictViewer = (viewer: LiveViewer) => viewer.role === 'VERIFIER';

export interface LiveFilterBarProps {
  viewer: LiveViewer;
  filter: LifecycleFilter;
  today: string;
  onChange: (filter: LifecycleFilter) => void;
}

/**
 * The period, the place (district > police station > locality > sub-locality/ward, each choice clearing the ones
 * below it) and the service limit. Every change lands in the address at once; the numbers follow.
 */
export function LiveFilterBar({ viewer, filter, today, onChange }: LiveFilterBarProps) {
  const api = useLiveInsightsApi();
  const fixedDistrict = isDistrictViewer(viewer) ? viewer.usercode : null;
  const district = fixedDistrict ?? filter.district;
  const districts = useChoices(fixedDistrict ? null : stateOf(viewer.usercode), (code) =>
    api.districts(code),
  );
  const stations = useChoices(district, (code) => api.stations(code));
  const localities = useChoices(filter.station, (code) => api.localities(code));
  const wards = useChoices(filter.locality, (code) => api.wards(code));
  const change = (patch: Partial<LifecycleFilter>) => onChange({ ...filter, ...patch });
  // What is being typed in the limit: only a valid number reaches the address, so clearing the field to type
  // another does not snap it back to the default. A limit changed elsewhere (the address) replaces the draft.
  const [draft, setLimitDraft] = useState({ text: filter.limit, from: filter.limit });
  const limitDraft =
    draft.from === filter.limit || draft.text === filter.limit
      ? draft
      : { text: filter.limit, from: filter.limit };

  return (
    <form aria-label="Live numbers filter" noValidate onSubmit={(event) => event.preventDefault()}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" verticalSpacing="xs">
        <DatePickerInput
          label="From"
          valueFormat="DD-MM-YYYY"
          maxDate={today}
          value={filter.from}
          onChange={(day) => day && change({ from: day })}
        />
        <DatePickerInput
          label="To"
          valueFormat="DD-MM-YYYY"
          maxDate={today}
          value={filter.to}
          onChange={(day) => day && change({ to: day })}
        />
        {fixedDistrict ? (
          <div>
            <Text size="sm" fw={500}>
              District
            </Text>
            <Text size="sm" mt={6}>
              Your district ({fixedDistrict})
            </Text>
          </div>
        ) : (
          <Select
            label="District"
            placeholder="All districts"
            clearable
            searchable
            data={districts}
            value={filter.district}
            onChange={(code) => change({ district: code, station: null, locality: null, ward: null })}
          />
        )}
        <NumberInput
          label="Service limit (days)"
          description="From submission"
          min={1}
          max={365}
          allowDecimal={false}
          allowNegative={false}
          value={limitDraft.text}
          error={validLimit(limitDraft.text) ? undefined : LIMIT_MESSAGE}
          onChange={(value) => {
            const text = String(value);
            setLimitDraft({ text, from: filter.limit });
            if (validLimit(text)) change({ limit: text });
          }}
        />
        <Select
          label="Police Station"
          placeholder={district ? 'All police stations' : 'Choose a district first'}
          clearable
          searchable
          disabled={!district}
          data={stations}
          value={filter.station}
          onChange={(code) => change({ station: code, locality: null, ward: null })}
        />
        <Select
          label="Locality"
          placeholder="All localities"
          clearable
          searchable
          disabled={!filter.station}
          data={localities}
          value={filter.locality}
          onChange={(code) => change({ locality: code, ward: null })}
        />
        <Select
          label="Sub-Locality/Ward"
          placeholder="All sub-localities/wards"
          clearable
          searchable
          disabled={!filter.locality}
          data={wards}
          value={filter.ward}
          onChange={(code) => change({ ward: code })}
        />
      </SimpleGrid>
    </form>
  );
}
