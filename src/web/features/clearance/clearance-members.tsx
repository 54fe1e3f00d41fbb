import { Button, Group, Stack } from '@mantine/core';
import { useSelector } from '@xstate/react';
import {
  canApplyApplication,
  consentReceivedAt,
  isApplyingApplication,
} from '../../../../machines/clearance';
import { NoticeAlert } from '../../components/notice-alert';
import { formatDayTime } from '../../lib/dates';
import { PeopleChecklists } from '../../components/people-checklists';
import type { ClearanceActor } from './clearance-actor';

/**
 * The generated application's family members and helpers, each a checkbox named by the person (all ticked at
 * first: docs/clearance.md), and Apply; above them, when the tenant's consent was received.
 */
export function ClearanceMembers({ actor }: { actor: ClearanceActor }) {
  const snapshot = useSelector(actor, (s) => s);
  const { application, memberCodes, helperCodes } = snapshot.context;
  const applying = isApplyingApplication(snapshot);
  if (!application) return null;
  const receivedAt = consentReceivedAt(snapshot);
  return (
    <Stack gap="sm">
      {receivedAt ? (
        <NoticeAlert
          notice={{
            kind: 'success',
            code: 'clearance.consentReceived',
            text: `The tenant's consent was received on ${formatDayTime(receivedAt)}.`,
          }}
        />
      ) : null}
      <PeopleChecklists
        familyMembers={application.familyMembers}
        helpers={application.helpers}
        memberCodes={memberCodes}
        helperCodes={helperCodes}
        disabled={applying}
        onToggleMember={(memberCode) => actor.send({ type: 'member.toggle', memberCode })}
        onToggleHelper={(memberCode) => actor.send({ type: 'helper.toggle', memberCode })}
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
