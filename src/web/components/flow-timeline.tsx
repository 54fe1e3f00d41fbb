import { Text, Timeline } from '@mantine/core';
import { statusListLabel } from '../../../machines/application';
import type { FlowEntryReply } from '../../contract/applications.contract';
import { formatDay } from '../lib/dates';

/** Flow entries name a landlord by its internal id ('landlord:7'); people read 'Landlord'. */
const actorLabel = (actor: string) => (actor.startsWith('landlord:') ? 'Landlord' : actor);

/**
 * An application's flow as a timeline (the officials' Application Flow dialog, the citizen's tracker): each step's
 * day, its text, and the official's own words.
 */
export function FlowTimeline({ flow }: { flow: FlowEntryReply[] }) {
  if (flow.length === 0) return <Text>No steps recorded yet.</Text>;
  return (
    <Timeline active={flow.length - 1} bulletSize={18} lineWidth={2} aria-label="Application flow">
      {flow.map((entry) => (
        <Timeline.Item key={entry.id} title={entry.remarks}>
          <Text size="sm" c="dimmed">
            {formatDay(entry.logdt)} · {statusListLabel(entry.aplstatus)} · {actorLabel(entry.actor)}
          </Text>
          {entry.comments ? <Text size="sm">{entry.comments}</Text> : null}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
