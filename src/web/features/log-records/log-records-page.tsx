import { RetryAlert } from '../../components/retry-alert';
import { Group, Loader, Stack, Text, Title } from '@mantine/core';
import { NO_LOG_RECORDS } from '../../../contract/log-records.contract';
import { PageMetaPager } from '../../components/pager';
import { ChainStatusPanel } from './chain-status-panel';
import { LogRecordsFilters } from './log-records-filters';
import { LogRecordsTable } from './log-records-table';
import { useLogRecords } from './use-log-records';

/** /app/log-records (ADMIN): the audit trail, sorted by id, filtered and paged, with its tamper check. */
export function LogRecordsPage() {
  const { filter, applyFilter, setPage, records, reloadRecords, chain, recheck } = useLogRecords();
  return (
    <Stack gap="lg">
      <Title order={1} fz={26}>
        Log Records
      </Title>
      <ChainStatusPanel chain={chain} onRecheck={recheck} />
      <LogRecordsFilters applied={filter} onApply={applyFilter} />
      {records.status === 'loading' ? (
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text>Loading log records…</Text>
        </Group>
      ) : null}
      {records.status === 'failed' ? (
        <RetryAlert
          title="The log records could not be loaded"
          message={records.message}
          onRetry={reloadRecords}
        />
      ) : null}
      {records.status === 'loaded' && records.value.content.length === 0 ? (
        <Text fw={600}>{NO_LOG_RECORDS}</Text>
      ) : null}
      {records.status === 'loaded' && records.value.content.length > 0 ? (
        <Stack gap="sm">
          <Text size="sm" aria-live="polite">
            {records.value.totalElements} record(s), page {records.value.pageNumber + 1} of{' '}
            {records.value.totalPages}
          </Text>
          <LogRecordsTable rows={records.value.content} />
          <PageMetaPager meta={records.value} onPage={setPage} label="Log records pages" />
        </Stack>
      ) : null}
    </Stack>
  );
}
