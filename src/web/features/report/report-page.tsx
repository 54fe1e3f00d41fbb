import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { canExport, canSubmit, isExporting, isLoading, shownResult } from '../../../../machines/report';
import type { ReportPage as ReportPageReply } from '../../../contract/reports.contract';
import { NoticeAlert } from '../../components/notice-alert';
import { PageMetaPager } from '../../components/pager';
import { ReportActor } from './report-actor';
import { ReportFilters } from './report-filters';
import { ReportTable } from './report-table';

export const REPORT_TITLE = 'Application Report';

export interface ReportPageProps {
  viewer: { username: string; usercode: string; role: string };
  /** Stories and tests fix the day; the screen uses India's today. */
  today?: string;
}

/**
 * The Application Report (/app/report, VERIFIER and SUPERVISOR; docs/reports.md): the filters, then the result's
 * count, its table page by page, and the PDF of the whole result. Render inside ReportActor.Provider.
 */
export function ReportPage({ viewer, today }: ReportPageProps) {
  const actor = ReportActor.useActorRef();
  const snapshot = ReportActor.useSelector((s) => s);
  const result = shownResult(snapshot) as ReportPageReply | null;
  const exporting = isExporting(snapshot);
  return (
    <Stack gap="md">
      <Title order={1} fz="h3">
        {REPORT_TITLE}
      </Title>
      <ReportFilters
        viewer={viewer}
        supervisor={viewer.role === 'SUPERVISOR'}
        canSubmit={canSubmit(snapshot)}
        loading={isLoading(snapshot)}
        today={today}
        onSubmit={(query) => actor.send({ type: 'report.submit', query })}
      />
      <NoticeAlert notice={snapshot.context.notice} />
      {result ? (
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap">
            <Text fw={600}>
              {result.totalElements} application(s), page {result.pageNumber + 1} of{' '}
              {Math.max(1, result.totalPages)}
            </Text>
            <Button
              variant="outline"
              disabled={!canExport(snapshot)}
              loading={exporting}
              onClick={() => actor.send({ type: 'report.export' })}
            >
              Export PDF
            </Button>
          </Group>
          {exporting ? (
            <Text size="sm" role="status">
              Making the PDF of all {result.totalElements} application(s); the page stays usable meanwhile.
            </Text>
          ) : null}
          <ReportTable rows={result.applDto} />
          <PageMetaPager
            meta={result}
            label="Report pages"
            onPage={(page) => actor.send({ type: 'report.page', page })}
          />
        </Stack>
      ) : null}
    </Stack>
  );
}
