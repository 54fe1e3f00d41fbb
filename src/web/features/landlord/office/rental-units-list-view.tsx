import { useState } from 'react';
import { Badge, Button, Center, Group, Loader, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import type { OfficeRentalUnit, RentalUnitsPage } from '../../../../contract/rental-units.contract';
import { PageMetaPager } from '../../../components/pager';
import {
  EditCell,
  RentalUnitTable,
  UNIT_PLACE_COLUMNS,
  UnitPlaceCells,
  UpdateStatusCell,
  VacancyCell,
} from '../rental-unit-table';

export type RentalUnitsListState =
  { status: 'loading' } | { status: 'loaded'; page: RentalUnitsPage } | { status: 'failed'; message: string };

export const NO_RENTAL_UNITS = 'No Rental Units';
export const RENTAL_UNITS_SEARCH_LABEL = 'Landlord EPIC Number, house number or address';
/** A unit an official added for a landlord it does not reach, until the landlord's code (docs/reach.md). */
export const AWAITING_LANDLORD_CONSENT = "Awaiting the landlord's consent";

export interface RentalUnitsListViewProps {
  state: RentalUnitsListState;
  /** The search in force (shown in the field until changed). */
  search: string;
  /** MODERATOR and SUPERMODERATOR: the Update Vacancy column. */
  vacancyUpdates: boolean;
  onSearch: (text: string) => void;
  onPage: (page: number) => void;
  onEdit: (unit: OfficeRentalUnit) => void;
  onUpdateStatus: (unit: OfficeRentalUnit) => void;
  /** A unit awaiting its landlord's consent: enter the landlord's code (or have another sent). */
  onConfirmLandlord: (unit: OfficeRentalUnit) => void;
}

/**
 * /app/rentalunits: the rental units inside the official's jurisdiction (docs/staff-registration.md), with the
 * landlord page's columns plus Landlord; Edit for every official, Update Status for the moderators. A unit awaiting
 * its landlord's consent says so under the landlord, with Confirm landlord (docs/reach.md).
 */
export function RentalUnitsListView(props: RentalUnitsListViewProps) {
  const { state, vacancyUpdates, onPage, onEdit, onUpdateStatus, onConfirmLandlord } = props;
  const rows = state.status === 'loaded' ? state.page.content : [];
  const columns = vacancyUpdates ? COLUMNS : COLUMNS.filter((c) => c !== 'Update Vacancy');
  const first = state.status === 'loaded' ? state.page.pageNumber * state.page.pageSize : 0;
  return (
    <Stack gap="md">
      <Title order={1} fz={26}>
        Rental Units
      </Title>
      <SearchForm search={props.search} onSearch={props.onSearch} />
      {state.status === 'loading' ? (
        <Center h={200} role="status" aria-label="Loading rental units">
          <Loader />
        </Center>
      ) : null}
      {state.status === 'failed' ? (
        <Text c="red.9" fw={600} py="xl" ta="center" role="alert">
          {state.message}
        </Text>
      ) : null}
      {state.status === 'loaded' && rows.length === 0 ? (
        <Text fw={600} py="xl" ta="center" role="status">
          {NO_RENTAL_UNITS}
        </Text>
      ) : null}
      {rows.length > 0 ? (
        <RentalUnitTable columns={columns} label="Rental Units">
          {rows.map((unit, index) => (
            <Table.Tr key={unit.rentcode}>
              <Table.Td>{first + index + 1}</Table.Td>
              <UnitPlaceCells unit={unit} />
              <Table.Td>
                {landlordName(unit)}
                <Text size="xs" c="dimmed">
                  {unit.landlord.epicNo}
                </Text>
                {unit.landlordConsent === 'pending' ? (
                  <Stack gap={4} align="flex-start" mt={4}>
                    <Badge color="orange.9" variant="outline">
                      {AWAITING_LANDLORD_CONSENT}
                    </Badge>
                    <Button
                      size="compact-xs"
                      variant="outline"
                      onClick={() => onConfirmLandlord(unit)}
                      aria-label={`Confirm landlord of ${unitLabel(unit)}`}
                    >
                      Confirm landlord
                    </Button>
                  </Stack>
                ) : null}
              </Table.Td>
              <VacancyCell vacant={unit.vacant} />
              {vacancyUpdates ? (
                <UpdateStatusCell
                  disabled={unit.vacant}
                  onClick={() => onUpdateStatus(unit)}
                  ariaLabel={`Update Status of ${unitLabel(unit)}`}
                />
              ) : null}
              <EditCell onClick={() => onEdit(unit)} ariaLabel={`Edit ${unitLabel(unit)}`} />
            </Table.Tr>
          ))}
        </RentalUnitTable>
      ) : null}
      {state.status === 'loaded' ? (
        <Group justify="space-between" wrap="wrap" gap="sm">
          <PageMetaPager label="Rental unit pages" meta={state.page} onPage={onPage} />
          {state.page.totalElements > 0 ? (
            <Text size="sm" c="dimmed">
              {state.page.totalElements} rental unit{state.page.totalElements === 1 ? '' : 's'}
            </Text>
          ) : null}
        </Group>
      ) : null}
    </Stack>
  );
}

function SearchForm({ search, onSearch }: { search: string; onSearch: (text: string) => void }) {
  const [text, setText] = useState(search);
  return (
    <form
      noValidate
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim());
      }}
    >
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={RENTAL_UNITS_SEARCH_LABEL}
          value={text}
          maxLength={60}
          onChange={(event) => setText(event.currentTarget.value)}
          w={{ base: '100%', xs: 340 }}
        />
        <Button type="submit">Search</Button>
        {search ? (
          <Button
            variant="default"
            onClick={() => {
              setText('');
              onSearch('');
            }}
          >
            Clear
          </Button>
        ) : null}
      </Group>
    </form>
  );
}

const COLUMNS = ['Sl.No', ...UNIT_PLACE_COLUMNS, 'Landlord', 'Vacancy', 'Update Vacancy', 'Edit'] as const;

export function landlordName(unit: OfficeRentalUnit): string {
  const { firstName, middleName, lastName } = unit.landlord;
  return [firstName, middleName, lastName].filter(Boolean).join(' ');
}

/** How a button or confirmation names the unit: house and address line, as the table shows them. */
export function unitLabel(unit: OfficeRentalUnit): string {
  return `the rental unit ${[unit.houseNo, unit.address1].filter(Boolean).join(', ')}`;
}
