import { Button, Checkbox, Fieldset, Group, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import {
  CLEARANCE_MESSAGES,
  canApplyApplication,
  isApplyingApplication,
  type ClearancePerson,
} from '../../../../machines/clearance';
import type { ClearanceActor } from './clearance-form';

/**
 * The generated application's family members and helpers, each a checkbox named by the person (all ticked at
 * first: docs/clearance.md), and Apply.
 */
export function ClearanceMembers({ actor }: { actor: ClearanceActor }) {
  const snapshot = useSelector(actor, (s) => s);
  const { application, memberCodes, helperCodes } = snapshot.context;
  const applying = isApplyingApplication(snapshot);
  if (!application) return null;
  return (
    <Stack gap="sm">
      <People
        legend="Family Members"
        people={application.familyMembers}
        ticked={memberCodes}
        none={CLEARANCE_MESSAGES.noFamily}
        disabled={applying}
        onToggle={(memberCode) => actor.send({ type: 'member.toggle', memberCode })}
      />
      <People
        legend="Helpers"
        people={application.helpers}
        ticked={helperCodes}
        none={CLEARANCE_MESSAGES.noHelpers}
        disabled={applying}
        onToggle={(memberCode) => actor.send({ type: 'helper.toggle', memberCode })}
      />
      <Group justify="flex-end">
        <Button
          loading={applying}
          disabled={!canApplyApplication(snapshot)}
          onClick={() => actor.send({ type: 'apply' })}
        >
          Apply
        </Button>
      </Group>
    </Stack>
  );
}

function People({
  legend,
  people,
  ticked,
  none,
  disabled,
  onToggle,
}: {
  legend: string;
  people: ClearancePerson[];
  ticked: number[];
  none: string;
  disabled: boolean;
  onToggle: (memberCode: number) => void;
}) {
  return (
    <Fieldset legend={legend} variant="unstyled">
      {people.length === 0 ? (
        <Text size="sm" c="dimmed">
          {none}
        </Text>
      ) : (
        <Stack gap={6}>
          {people.map((person) => (
            <Checkbox
              key={person.memberCode}
              label={person.memberName}
              description={person.relationship}
              checked={ticked.includes(person.memberCode)}
              disabled={disabled}
              onChange={() => onToggle(person.memberCode)}
            />
          ))}
        </Stack>
      )}
    </Fieldset>
  );
}
