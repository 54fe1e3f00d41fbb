import '@mantine/dates/styles.layer.css';
import { Button, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useState } from 'react';
import { REPORT_STATUSES } from '../../../contract/reports.contract';
import {
  EMPTY_REPORT_FORM,
  reportFormErrors,
  reportQueryOf,
  type ReportFormErrors,
  type ReportFormValues,
} from './report-form';
import { indianToday } from '../../lib/dates';
import { ReportPlacePickers } from './report-place-pickers';
import type { ReportQuery } from '../../../../machines/report';

const STATUS_CHOICES = REPORT_STATUSES.map((s) => ({ value: s.code, label: s.label }));

export interface ReportFiltersProps {
  viewer: { username: string; usercode: string };
  supervisor: boolean;
  /** Offered unless the machine says no (while the PDF is being made). */
  canSubmit: boolean;
  loading: boolean;
  onSubmit: (query: ReportQuery) => void;
  /** Stories and tests fix the day; the screen uses India's today. */
  today?: string;
}

/** Start / End Date (dd-MM-yyyy shown), the supervisor's places, Application Status and SUBMIT. */
export function ReportFilters({
  viewer,
  supervisor,
  canSubmit,
  loading,
  onSubmit,
  today,
}: ReportFiltersProps) {
  const lastDay = today ?? indianToday();
  const [values, setValues] = useState<ReportFormValues>(EMPTY_REPORT_FORM);
  const [errors, setErrors] = useState<ReportFormErrors>({});
  const change = (patch: Partial<ReportFormValues>) => {
    setValues((old) => ({ ...old, ...patch }));
    setErrors((old) => Object.fromEntries(Object.entries(old).filter(([key]) => !(key in patch))));
  };
  const submit = () => {
    const found = reportFormErrors(values, supervisor, lastDay);
    setErrors(found);
    if (Object.keys(found).length === 0) onSubmit(reportQueryOf(values, viewer, supervisor));
  };
  return (
    <form
      noValidate
      aria-label="Report filters"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <DatePickerInput
            label="Start Date"
            placeholder="dd-mm-yyyy"
            valueFormat="DD-MM-YYYY"
            withAsterisk
            maxDate={lastDay}
            value={values.startDate}
            error={errors.startDate}
            onChange={(day) =>
              change({
                startDate: day,
                ...(day && values.endDate && values.endDate < day ? { endDate: null } : {}),
              })
            }
          />
          <DatePickerInput
            label="End Date"
            placeholder="dd-mm-yyyy"
            valueFormat="DD-MM-YYYY"
            withAsterisk
            minDate={values.startDate ?? undefined}
            maxDate={lastDay}
            value={values.endDate}
            error={errors.endDate}
            onChange={(day) => change({ endDate: day })}
          />
          <Select
            label="Application Status"
            placeholder="Select an Application Status"
            withAsterisk
            data={STATUS_CHOICES}
            value={values.statuscode}
            error={errors.statuscode}
            onChange={(code) => change({ statuscode: code })}
          />
        </SimpleGrid>
        {supervisor ? (
          <ReportPlacePickers value={values} errors={errors} onChange={(place) => change(place)} />
        ) : (
          <Text size="sm">The report covers the applications of your district ({viewer.usercode}).</Text>
        )}
        <Group>
          <Button type="submit" disabled={!canSubmit} loading={loading}>
            SUBMIT
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
