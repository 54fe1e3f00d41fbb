import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/Fieldset.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import { Checkbox, Fieldset, Stack, Text } from '@mantine/core';
import { CLEARANCE_MESSAGES, type ClearancePerson } from '../../../machines/clearance';

export interface PeopleChecklistsProps {
  familyMembers: ClearancePerson[];
  helpers: ClearancePerson[];
  /** The ticked member codes of each list. */
  memberCodes: number[];
  helperCodes: number[];
  disabled: boolean;
  onToggleMember: (memberCode: number) => void;
  onToggleHelper: (memberCode: number) => void;
}

/**
 * Whom a clearance application covers: the tenant's family members and helpers, each a checkbox named by the
 * person ('No family members' / 'No helpers' when there are none). The landlord's Clearance dialog and the officials'
 * Tenant Applications page both choose with it.
 */
export function PeopleChecklists(props: PeopleChecklistsProps) {
  return (
    <>
      <People
        legend="Family Members"
        people={props.familyMembers}
        ticked={props.memberCodes}
        none={CLEARANCE_MESSAGES.noFamily}
        disabled={props.disabled}
        onToggle={props.onToggleMember}
      />
      <People
        legend="Helpers"
        people={props.helpers}
        ticked={props.helperCodes}
        none={CLEARANCE_MESSAGES.noHelpers}
        disabled={props.disabled}
        onToggle={props.onToggleHelper}
      />
    </>
  );
}

function People(props: {
  legend: string;
  people: ClearancePerson[];
  ticked: number[];
  none: string;
  disabled: boolean;
  onToggle: (memberCode: number) => void;
}) {
  return (
    <Fieldset legend={props.legend} variant="unstyled">
      {props.people.length === 0 ? (
        <Text size="sm" c="dimmed">
          {props.none}
        </Text>
      ) : (
        <Stack gap={6}>
          {props.people.map((person) => (
            <Checkbox
              key={person.memberCode}
              label={person.memberName}
              description={person.relationship}
              checked={props.ticked.includes(person.memberCode)}
              disabled={props.disabled}
              onChange={() => props.onToggle(person.memberCode)}
            />
          ))}
        </Stack>
      )}
    </Fieldset>
  );
}
