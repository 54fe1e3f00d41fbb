import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, Center, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import type { ListPage } from '../../../../machines/application';
import { ApplicationsTable } from '../../components/applications-table';
import { PageMetaPager } from '../../components/pager';
import { StatusBadge } from '../../components/status-badge';
import type { ApplicationRow } from './applications-types';
import { LIST_PAGE_TITLES, NO_APPLICATIONS, showsShiftedOn } from './list-pages';
import type { ApplicationListState } from './use-application-list';
import { WardFilter, type WardFilterProps } from '../../components/ward-filter';
import { formatDay } from '../../lib/dates';
import { paths } from '../../app/paths';

export interface ApplicationListViewProps {
  listPage: ListPage;
  state: ApplicationListState;
  onPage: (page: number) => void;
  onView: (row: ApplicationRow) => void;
  onExport: () => void;
  /** Only a SUPERMODERATOR gets the sub-locality filter. */
  wardFilter?: WardFilterProps;
  /** The Rectification page's New Application button (USER only): opens the clearance wizard. */
  newApplication?: boolean;
  /** A title of its own (one status's list opened from the lifecycle's numbers); the list page's otherwise. */
  title?: string;
  /** A line under the title, e.g. the area the list covers. */
  subtitle?: ReactNode;
}

/** An application list: the table, its paging and export, in loading, loaded and 'No Applications' states. */
export function ApplicationListView({
  listPage,
  state,
  onPage,
  onView,
  onExport,
  wardFilter,
  newApplication = false,
  title = LIST_PAGE_TITLES[listPage],
  subtitle,
}: ApplicationListViewProps) {
  const shifted = showsShiftedOn(listPage);
  const rows = state.status === 'loaded' ? state.page.applDto : [];
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Title order={1} fz={26}>
            {title}
          </Title>
          {subtitle}
        </Stack>
        <Group gap="sm">
          {newApplication ? (
            <Button component={Link} to={paths.newApplication}>
              New Application
            </Button>
          ) : null}
          <Button variant="outline" onClick={onExport} disabled={rows.length === 0}>
            Export PDF
          </Button>
        </Group>
      </Group>
      {wardFilter ? <WardFilter {...wardFilter} /> : null}
      {state.status === 'loading' ? (
        <Center h={200} role="status" aria-label="Loading applications">
          <Loader />
        </Center>
      ) : null}
      {state.status !== 'loading' && rows.length === 0 ? (
        <Text fw={600} py="xl" ta="center" role="status">
          {NO_APPLICATIONS}
        </Text>
      ) : null}
      {rows.length > 0 ? (
        <ApplicationsTable
          rows={rows}
          name={{ label: title }}
          regionLabel={`${title} table`}
          minWidth={720}
          maxHeight={500}
          rowProps={(row) => ({ 'data-testid': `application-row-${row.applid}` })}
          extraHeads={
            <>
              <Table.Th>Status</Table.Th>
              <Table.Th hidden>Logby</Table.Th>
              <Table.Th>{shifted ? 'Shifted On' : 'Actions'}</Table.Th>
            </>
          }
          extraCells={(row) => (
            <>
              <Table.Td>
                <StatusBadge status={row.applstatus} label={row.statusLabel} />
              </Table.Td>
              <Table.Td hidden>{row.logby}</Table.Td>
              <Table.Td>
                {shifted ? (
                  formatDay(row.leftLocalityOn)
                ) : (
                  <Button size="xs" onClick={() => onView(row)} aria-label={`View application ${row.applid}`}>
                    View
                  </Button>
                )}
              </Table.Td>
            </>
          )}
        />
      ) : null}
      {state.status === 'loaded' ? (
        <PageMetaPager label="Application list pages" meta={state.page} onPage={onPage} />
      ) : null}
    </Stack>
  );
}
