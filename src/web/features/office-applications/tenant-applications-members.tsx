import { Checkbox, Fieldset, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { OTHER_REASON_MAX_LENGTH } from '../../../../machines/application/rejection-reasons';
import {
  CLEARANCE_MESSAGES,
  isPanelBusy,
  mayRecommend,
  type ClearancePerson,
  type RecommendationChoice,
} from '../../../../machines/clearance';
import { OFFICE_APPLICATION_MESSAGES } from '../../../contract/office-applications.contract';
import type { TenantApplicationActor } from './tenant-applications-actor';

const CHOICES: Array<{ value: RecommendationChoice; label: string }> = [
  { value: 'none', label: 'No recommendation (the ward decides later)' },
  { value: 'approval', label: 'Recommend for Approval' },
  { value: 'rejection', label: 'Recommend for Rejection' },
];

/** The picked application's family members and helpers (all ticked at first) and, for a MODERATOR, the Recommendation. */
export function TenantApplicationsMembers({ actor }: { actor: TenantApplicationActor }) {
  const snapshot = useSelector(actor, (s) => s);
  const { application, memberCodes, helperCodes, recommendation, remarks } = snapshot.context;
  const busy = isPanelBusy(snapshot);
  if (!application) return null;
  return (
    <Stack gap="sm">
      <People
        legend="Family Members"
        people={application.familyMembers}
        ticked={memberCodes}
        none={CLEARANCE_MESSAGES.noFamily}
        disabled={busy}
        onToggle={(memberCode) => actor.send({ type: 'member.toggle', memberCode })}
      />
      <People
        legend="Helpers"
        people={application.helpers}
        ticked={helperCodes}
        none={CLEARANCE_MESSAGES.noHelpers}
        disabled={busy}
        onToggle={(memberCode) => actor.send({ type: 'helper.toggle', memberCode })}
      />
      {mayRecommend(snapshot) ? (
        <Radio.Group
          label="Recommendation"
          value={recommendation}
          onChange={(value) => actor.send({ type: 'recommendation.choose', choice: value })}
        >
          <Stack gap={6} mt={6}>
            {CHOICES.map((choice) => (
              <Radio key={choice.value} value={choice.value} label={choice.label} disabled={busy} />
            ))}
          </Stack>
        </Radio.Group>
      ) : null}
      {recommendation === 'rejection' ? (
        <Textarea
          label="Remarks"
          required
          rows={3}
          maxLength={OTHER_REASON_MAX_LENGTH}
          value={remarks}
          disabled={busy}
          error={remarks.trim() === '' ? OFFICE_APPLICATION_MESSAGES.remarksRequired : undefined}
          onChange={(e) => actor.send({ type: 'remarks.change', value: e.currentTarget.value })}
        />
      ) : null}
    </Stack>
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
