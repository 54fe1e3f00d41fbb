import { useContext, useMemo } from 'react';
import { Button, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { EXPORT_FORMATS, canStart, exportView } from '../../../../../machines/insights-export';
import type { InsightsFilter } from '../../../../contract/insights.contract';
import { inspectOptions } from '../../../lib/machine-inspector';
import { ExportActor, ExportEnvContext } from './event-export-actor';
import { EXPORT_FORMAT_INFO } from './event-export-formats';
import { EventExportStatus } from './event-export-status';
import { browserExportEnv, insightsExportLogic } from './event-export.wiring';

export const EVENT_EXPORT_TITLE = 'Event log';

/**
 * The event-log export (issue 12 part 3; docs/event-export.md): the application flow of the filter's area and
 * period, one event per flow entry, anonymised by the server, streamed into a file with its progress shown.
 */
export function EventExportPanel({ filter }: { filter: InsightsFilter }) {
  const env = useContext(ExportEnvContext);
  const logic = useMemo(() => insightsExportLogic(env ?? browserExportEnv()), [env]);
  return (
    <ExportActor.Provider logic={logic} options={inspectOptions()}>
      <EventExportView filter={filter} />
    </ExportActor.Provider>
  );
}

function EventExportView({ filter }: { filter: InsightsFilter }) {
  const actor = ExportActor.useActorRef();
  const snapshot = ExportActor.useSelector((s) => s);
  const view = exportView(snapshot);
  const start = () => actor.send({ type: 'export.start', filter });
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'xs', sm: 'md' }}
      component="section"
      aria-labelledby="event-export-title"
    >
      <Stack gap="sm">
        <Title order={2} fz="h4" id="event-export-title">
          {EVENT_EXPORT_TITLE}
        </Title>
        <Text size="sm">
          One event per step of every application of this area and period, for process mining. No names, ID
          numbers, phone numbers, addresses or emails: only ids, codes, steps, roles and times.
        </Text>
        <Radio.Group
          label="Format"
          value={snapshot.context.format}
          onChange={(format) => actor.send({ type: 'format.change', format })}
        >
          <Stack gap="xs" mt={4}>
            {EXPORT_FORMATS.map((format) => (
              <Radio
                key={format}
                value={format}
                label={EXPORT_FORMAT_INFO[format].label}
                description={EXPORT_FORMAT_INFO[format].purpose}
                disabled={!canStart(snapshot)}
              />
            ))}
          </Stack>
        </Radio.Group>
        <Button
          onClick={start}
          disabled={!canStart(snapshot)}
          loading={view === 'exporting'}
          style={{ alignSelf: 'flex-start' }}
        >
          Download event log
        </Button>
        <EventExportStatus
          view={view}
          context={snapshot.context}
          onCancel={() => actor.send({ type: 'export.cancel' })}
          onRetry={start}
        />
      </Stack>
    </Paper>
  );
}
