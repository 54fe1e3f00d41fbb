import { RetryAlert } from '../../../components/retry-alert';
import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import {
  percentOf,
  type ExportView,
  type InsightsExportContext,
} from '../../../../../machines/insights-export';
import { formatCount } from '../../../lib/numbers';
import { byteSize } from './export-figures';

interface StatusProps {
  view: ExportView;
  context: InsightsExportContext;
  onCancel: () => void;
  onRetry: () => void;
}

/** Events of the count, and the bytes: '40 of 81 events (49 %), 4.5 kB received'. */
export function progressText({ events, total, bytes }: InsightsExportContext['progress']): string {
  const percent = percentOf({ events, total, bytes });
  const of =
    total === null
      ? `${formatCount(events)} events`
      : `${formatCount(events)} of ${formatCount(total)} events`;
  return `${of}${percent === null ? '' : ` (${percent} %)`}, ${byteSize(bytes)} received`;
}

const whereSaved = (savedTo: 'file' | 'download') =>
  savedTo === 'file' ? 'written to the file you chose' : 'handed to the browser as a download';

/** The events received over the count; striped and full while the server sent no count. */
function EventsBar({ progress }: { progress: InsightsExportContext['progress'] }) {
  const percent = percentOf(progress);
  return (
    <Progress
      value={percent ?? 100}
      animated={percent === null}
      striped={percent === null}
      size="lg"
      aria-label="Events received"
    />
  );
}

/** What the export is doing or how it ended; nothing while idle. */
export function EventExportStatus({ view, context, onCancel, onRetry }: StatusProps) {
  const { progress, result } = context;
  switch (view) {
    case 'exporting':
      return (
        <Stack gap={6}>
          <EventsBar progress={progress} />
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm" role="status" aria-live="polite">
              {progressText(progress)}
            </Text>
            <Button variant="outline" color="red" size="xs" onClick={onCancel}>
              Cancel
            </Button>
          </Group>
        </Stack>
      );
    case 'done':
      return (
        <Stack gap={6}>
          <EventsBar progress={progress} />
          <Alert variant="outline" color="teal.9" title="Event log saved" role="status">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {result!.fileName}: {formatCount(result!.events)} events, {byteSize(result!.bytes)},{' '}
              {whereSaved(result!.savedTo)}.
            </Text>
          </Alert>
        </Stack>
      );
    case 'empty':
      return (
        <Alert variant="outline" color="blue.9" title="No events in this period" role="status">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            No application of this area moved between these dates, so {result!.fileName} holds no event (only
            the format's frame).
          </Text>
        </Alert>
      );
    case 'failed':
      return (
        <RetryAlert title="The event log could not be downloaded" message={context.error} onRetry={onRetry} />
      );
    case 'cancelled':
      return (
        <Alert variant="outline" color="gray.9" title="Download cancelled" role="status">
          <Text size="sm">Nothing was saved. Download again when you are ready.</Text>
        </Alert>
      );
    default:
      return null;
  }
}
