import { Alert, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { formatDay } from '../../../lib/dates';
import type { WorkflowCoverageView } from './use-workflow-coverage';
import type { WorkflowCoverage } from './workflow-coverage';
import classes from './coverage.module.css';

const SHOWN_UNKNOWN = 8;

/** '24-11-2026, 15:51 UTC': the report's own time, the same for every reader. */
export function reportTime(iso: string): string {
  const utc = new Date(iso).toISOString();
  return `${formatDay(utc)}, ${utc.slice(11, 16)} UTC`;
}

/** What the report cannot speak for, said plainly instead of drawn as if it knew. */
function StaleWarnings({ coverage, title }: { coverage: WorkflowCoverage; title: string }) {
  if (coverage.missing)
    return (
      <Alert color="orange.9" variant="outline" title="This report does not know this workflow">
        The report has nothing on {title}: it was made before the machine was added, or from other tests. Run{' '}
        <code>npm run test:model</code> for a report that covers it.
      </Alert>
    );
  const { unknown, vanished } = coverage;
  if (unknown.length === 0 && vanished.length === 0) return null;
  return (
    <Alert color="orange.9" variant="outline" title="This report does not know these transitions">
      <Stack gap={4}>
        {unknown.length > 0 ? (
          <Text size="sm">
            {unknown.length} transition(s) of the machine are not in the report (marked “not in report”):{' '}
            {unknown.slice(0, SHOWN_UNKNOWN).join('; ')}
            {unknown.length > SHOWN_UNKNOWN ? `; and ${unknown.length - SHOWN_UNKNOWN} more` : ''}.
          </Text>
        ) : null}
        {vanished.length > 0 ? (
          <Text size="sm">
            The report names {vanished.length} state(s) or transition(s) this machine no longer has: the
            machine changed after the report was made.
          </Text>
        ) : null}
        <Text size="sm">
          Run <code>npm run test:model</code> for a report of the machine as it is now.
        </Text>
      </Stack>
    </Alert>
  );
}

/**
 * "Test coverage" on the Workflows page: open the last coverage/model/model-coverage.json, and while one is loaded,
 * the summary line and what the report does not know. The badges themselves are the diagram's overlay.
 */
export function CoverageControl({ view, title }: { view: WorkflowCoverageView; title: string }) {
  const { report, coverage } = view;
  return (
    <Stack gap="xs" role="group" aria-label="Test coverage">
      <Group gap="xs" wrap="wrap" align="center">
        <Text size="sm" fw={600}>
          Test coverage
        </Text>
        <FileButton onChange={(file) => file && void report.open(file)} accept="application/json,.json">
          {(props) => (
            <Button {...props} size="xs" variant="default">
              Open coverage report…
            </Button>
          )}
        </FileButton>
        {import.meta.env.DEV ? (
          <Button size="xs" variant="subtle" onClick={() => void report.openLocal()}>
            Use this checkout’s last report
          </Button>
        ) : null}
        {report.loaded ? (
          <Button size="xs" variant="subtle" color="dark" onClick={report.clear}>
            Clear
          </Button>
        ) : null}
      </Group>
      {report.error ? (
        <Alert color="red.9" variant="outline" role="alert" title="The coverage report was not loaded">
          {report.error}
        </Alert>
      ) : null}
      {report.loaded && coverage ? (
        <>
          <Text size="sm" aria-live="polite" data-testid="coverage-summary">
            {coverage.covered} of {coverage.total} transitions covered, report of{' '}
            <span className={classes.nowrap}>{reportTime(report.loaded.report.generatedAt)}</span> (
            {report.loaded.fileName})
            {report.keptForTab ? '' : '; too big to keep for the tab: shown until the page is reloaded'}
          </Text>
          <StaleWarnings coverage={coverage} title={title} />
        </>
      ) : null}
    </Stack>
  );
}
