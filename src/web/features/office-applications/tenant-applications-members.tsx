import { Radio, Stack, Textarea } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { OTHER_REASON_MAX_LENGTH } from '../../../../machines/application/rejection-reasons';
import { isPanelBusy, mayRecommend, type RecommendationChoice } from '../../../../machines/clearance';
import { OFFICE_APPLICATION_MESSAGES } from '../../../contract/office-applications.contract';
import { PeopleChecklists } from '../../components/people-checklists';
import type { TenantApplicationActor } from './tenant-applications-actor';

const CHOICES: Array<{ value: RecommendationChoice; label: string }> = [
  { value: 'none', label: 'No recommendation (the ward decides later)' },
  { value: 'approval', label: 'Recommend for Approval' },
  { value: 'rejection', label: 'Recommend for Rejection' },
];

/**
 * The picked application's family members and helpers (all ticked at first) and, for a MODERATOR, the
 * Recommendation. A tenant the official does not reach is asked for consent first (tenant-applications-consent.tsx),
 * and its consent reaches the tenant (docs/tenant-consent.md), so there is no withheld-record note here any more.
 */
export function TenantApplicationsMembers({ actor }: { actor: TenantApplicationActor }) {
  const snapshot = useSelector(actor, (s) => s);
  const { application, memberCodes, helperCodes, recommendation, remarks } = snapshot.context;
  const busy = isPanelBusy(snapshot);
  if (!application) return null;
  return (
    <Stack gap="sm">
      <PeopleChecklists
        familyMembers={application.familyMembers}
        helpers={application.helpers}
        memberCodes={memberCodes}
        helperCodes={helperCodes}
        disabled={busy}
        onToggleMember={(memberCode) => actor.send({ type: 'member.toggle', memberCode })}
        onToggleHelper={(memberCode) => actor.send({ type: 'helper.toggle', memberCode })}
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
