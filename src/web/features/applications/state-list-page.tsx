import { RetryAlert } from '../../components/retry-alert';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { StatusCode } from '../../../../machines/application';
import {
  areaName,
  filterArea,
  liveNumbersAddress,
  type LifecycleFilter,
} from '../../lib/lifecycle-filter-address';
import { ApplicationDetailDialog } from './application-detail-dialog';
import { ApplicationListView } from './application-list-view';
import type { ListViewer } from './application-list-page';
import type { ApplicationRow } from './applications-types';
import { useApplicationList } from './use-application-list';
import { exportTablePdf } from '../../components/pdf-export';
import { formatCount } from '../../lib/numbers';

/** The list's title for each status: where the applications wait, or how they ended. */
export const STATE_LIST_TITLES: Record<StatusCode, string> = {
  LARP: 'Applications pending at sub-localities/wards (LARP)',
  LAVP: 'Applications pending at localities (LAVP)',
  PLVP: 'Applications approved by localities (PLVP)',
  RJT: 'Applications rejected (RJT)',
  RECT: 'Applications returned for rectification (RECT)',
  APARV: 'Applications of shifted tenants (APARV)',
};

/** The page shown, as a PDF (the lists' Export PDF). */
function exportStateList(title: string, rows: ApplicationRow[], fileName: string) {
  return exportTablePdf({
    title,
    head: ['Application ID', 'Tenant Name', 'Landlord name', 'Rental Address', 'Status'],
    rows: rows.map((r) => [r.applid, r.tenantname, r.landlordname, r.rentaladdress, r.statusLabel]),
    fileName: `${fileName}.pdf`,
  });
}

export interface StateListPageProps {
  status: StatusCode;
  filter: LifecycleFilter;
  viewer: ListViewer;
  /** The day the filter's defaults were read against (India's today on the screen). */
  today: string;
}

/**
 * One status's applications in the area of the lifecycle's live numbers (docs/insights-page.md), opened by a click
 * on its state. The list call is the application lists' own, so the server's scope rules apply: an area outside
 * the viewer is refused, and the refusal is shown as it is.
 */
export function StateListPage({ status, filter, viewer, today }: StateListPageProps) {
  const [page, setPage] = useState(0);
  const [openId, setOpenId] = useState<number | null>(null);
  const code = filterArea(filter) ?? viewer.usercode;
  const { state, reload } = useApplicationList({ status, code, username: viewer.username, page });
  const title = STATE_LIST_TITLES[status];
  const back = (
    <Anchor component={Link} to={liveNumbersAddress(filter, today)} size="sm">
      Back to the live numbers
    </Anchor>
  );
  const area = (
    <Text size="sm">
      In {areaName(filter, viewer)}
      {state.status === 'loaded' ? `: ${formatCount(state.page.totalElements)} application(s)` : ''}
    </Text>
  );
  return (
    <Stack gap="sm">
      {back}
      {state.status === 'failed' ? (
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={1} fz={26}>
              {title}
            </Title>
            {area}
          </Stack>
          <RetryAlert title="The applications could not be listed" message={state.message} onRetry={reload} />
        </Stack>
      ) : (
        <ApplicationListView
          listPage="pending"
          title={title}
          subtitle={area}
          state={state}
          onPage={setPage}
          onView={(row) => setOpenId(row.applid)}
          onExport={() => {
            if (state.status === 'loaded')
              void exportStateList(title, state.page.applDto, `${status}-${code}-page-${page + 1}`);
          }}
        />
      )}
      {openId !== null ? (
        <ApplicationDetailDialog applid={openId} onClose={() => setOpenId(null)} onChanged={reload} />
      ) : null}
    </Stack>
  );
}
