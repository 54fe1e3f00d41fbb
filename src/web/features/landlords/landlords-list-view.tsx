import { Box, Center, Loader, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import type { LandlordPage } from '../../../contract/register.contract';
import { PageMetaPager } from '../../components/pager';
import { WardFilter, type WardFilterProps } from '../../components/ward-filter';

export type LandlordsState =
  { status: 'loading' } | { status: 'loaded'; page: LandlordPage } | { status: 'failed' };

export const NO_LANDLORDS = 'No Landlords';
export const LANDLORD_FILTER_LABEL = 'Filter landlords by Sub-Localities/Wards';

/** The landlords of the official's area, paged (backoffice.md section 2, 'Landlords list'). */
export function LandlordsListView({
  state,
  onPage,
  wardFilter,
}: {
  state: LandlordsState;
  onPage: (page: number) => void;
  wardFilter?: WardFilterProps;
}) {
  const rows = state.status === 'loaded' ? state.page.content : [];
  return (
    <Stack gap="md">
      <Title order={1} fz={26}>
        Landlords
      </Title>
      {wardFilter ? <WardFilter label={LANDLORD_FILTER_LABEL} {...wardFilter} /> : null}
      {state.status === 'loading' ? (
        <Center h={200} role="status" aria-label="Loading landlords">
          <Loader />
        </Center>
      ) : null}
      {state.status !== 'loading' && rows.length === 0 ? (
        <Text fw={600} py="xl" ta="center" role="status">
          {NO_LANDLORDS}
        </Text>
      ) : null}
      {rows.length > 0 ? (
        <ScrollArea.Autosize
          mah={500}
          type="auto"
          offsetScrollbars
          // A keyboard user scrolls a table wider than a phone: the scrolling box takes focus (axe).
          viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Landlords table' }}
        >
          <Box miw={560}>
            <Table striped stickyHeader aria-label="Landlords">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Firstname</Table.Th>
                  <Table.Th>Middlename</Table.Th>
                  <Table.Th>Lastname</Table.Th>
                  <Table.Th>Mobile</Table.Th>
                  <Table.Th>Occupation</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((l) => (
                  <Table.Tr key={l.id}>
                    <Table.Td>{l.firstName}</Table.Td>
                    <Table.Td>{l.middleName ?? ''}</Table.Td>
                    <Table.Td>{l.lastName ?? ''}</Table.Td>
                    <Table.Td>{l.mobile}</Table.Td>
                    <Table.Td>{l.occupation}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Box>
        </ScrollArea.Autosize>
      ) : null}
      {state.status === 'loaded' ? (
        <PageMetaPager label="Landlord list pages" meta={state.page} onPage={onPage} />
      ) : null}
    </Stack>
  );
}
