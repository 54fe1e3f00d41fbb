import { Stack, Text } from '@mantine/core';
import { lifecycleMachine } from '../../../../machines/application';
import { flowStages } from './application-flow.model';
import classes from './tutorials.module.css';

/**
 * The Application Flow drawn from the lifecycle machine. Its own chunk (the machine brings xstate and zod),
 * fetched when the section scrolls into view (lazy-when-visible.ts); the prerendered page already shows it.
 */
export function ApplicationFlowIllustration() {
  const stages = flowStages(lifecycleMachine);
  return (
    <ol className={classes.stages} aria-label="Stages of an application">
      {stages.map((stage) => (
        <li key={stage.key} className={classes.stage} data-final={stage.final}>
          <Stack gap={6}>
            <span className={classes.code}>{stage.status ?? 'CLOSED'}</span>
            <Text fw={700} fz="sm">
              {stage.title}
            </Text>
            {stage.holders.length > 0 ? <Text fz="xs">Held by: {stage.holders.join(', then ')}</Text> : null}
            {stage.next.length > 0 ? (
              <Text fz="xs" c="dimmed" component="div">
                Next:
                <ul style={{ margin: 0, paddingLeft: '1.1rem' }}>
                  {stage.next.map((n) => (
                    <li key={`${n.action}-${n.to}`}>
                      {n.action} → {n.to}
                    </li>
                  ))}
                </ul>
              </Text>
            ) : (
              <Text fz="xs" c="dimmed">
                End of this application.
              </Text>
            )}
          </Stack>
        </li>
      ))}
    </ol>
  );
}
