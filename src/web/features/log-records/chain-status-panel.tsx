import { Alert, Button, Code, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { ChainReport, ChainStatus } from '../../../contract/log-records.contract';
import { formatLogTime } from './log-records-table';
import type { Loaded } from './use-log-records';

/** A green dark enough for AA contrast as alert title text on white (Mantine's green.9 is not: axe). */
const INTACT_GREEN = '#1b5e20';

function IntactReport({ report }: { report: ChainReport }) {
  return (
    <Alert color={INTACT_GREEN} variant="outline" title="The log is intact" role="status">
      <Stack gap={4}>
        <Text size="sm">
          {report.checked} sealed record(s) checked in {report.durationMs} ms: none was changed or deleted.
          {report.unsealed > 0 ? ` ${report.unsealed} newer record(s) join the chain within seconds.` : ''}
        </Text>
        {report.head ? (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            Head (note it to prove later that nothing before it changed): place {report.head.seq}, record{' '}
            {report.head.id}, <Code>{report.head.hash}</Code>
          </Text>
        ) : null}
      </Stack>
    </Alert>
  );
}

function BrokenReport({ report }: { report: ChainReport }) {
  const broken = report.brokenAt!;
  return (
    <Alert color="red.9" variant="outline" title="The log has been tampered with" role="alert">
      <Stack gap={4}>
        <Text size="sm">{broken.message}</Text>
        <Text size="sm">
          {broken.id !== null ? `Record ${broken.id}, ` : ''}place {broken.seq} in the chain. The{' '}
          {report.checked} record(s) before it are intact.
        </Text>
      </Stack>
    </Alert>
  );
}

function Checking() {
  return (
    <Group gap="xs" role="status">
      <Loader size="sm" />
      <Text size="sm">Checking every record against the chain…</Text>
    </Group>
  );
}

function Failure({ message }: { message: string }) {
  return (
    <Alert color="red.9" variant="outline" title="The chain could not be checked" role="alert">
      {message}
    </Alert>
  );
}

function StatusBody({ status }: { status: ChainStatus }) {
  const { report, running, failure } = status;
  if (!report) return running ? <Checking /> : <Failure message={failure ?? 'No check has finished yet.'} />;
  return (
    <>
      {report.intact ? <IntactReport report={report} /> : <BrokenReport report={report} />}
      <Text size="xs" c="dimmed">
        Checked at {formatLogTime(report.checkedAt)}
        {running ? ' · checking again now…' : ''}
      </Text>
      {failure && !running ? <Failure message={failure} /> : null}
    </>
  );
}

/** Whether the chain over the log records is intact and, if not, where it breaks (docs/log-records.md). */
export function ChainStatusPanel({
  chain,
  onRecheck,
}: {
  chain: Loaded<ChainStatus>;
  onRecheck: () => void;
}) {
  const busy = chain.status === 'loading' || (chain.status === 'loaded' && chain.value.running);
  return (
    <Paper component="section" aria-labelledby="chain-status-title" withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} fz="lg" id="chain-status-title">
            Tamper check
          </Title>
          <Button size="xs" variant="default" onClick={onRecheck} disabled={busy}>
            Check again
          </Button>
        </Group>
        {chain.status === 'loading' ? <Checking /> : null}
        {chain.status === 'failed' ? <Failure message={chain.message} /> : null}
        {chain.status === 'loaded' ? <StatusBody status={chain.value} /> : null}
      </Stack>
    </Paper>
  );
}
