import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Fieldset.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import { Button, Group, Loader, Select, Stack, TextInput } from '@mantine/core';
import { useSelector } from '@xstate/react';
import {
  CLEARANCE_MESSAGES,
  canChooseUnit,
  canDownloadApplication,
  canGenerateApplication,
  canReloadUnits,
  canRequestClearanceOtp,
  clearanceNotice,
  clearanceOtpActor,
  clearanceUnitLabel,
  hasNoVacantUnits,
  isAwaitingConsent,
  isChoosingUnitAndTenant,
  isClearanceVerified,
  isDownloadOffered,
  isDownloading,
  isGeneratingApplication,
  isLoadingUnits,
  isLookingUpTenant,
  isSelectingMembers,
  isTenantFieldEnabled,
  tenantIdHint,
} from '../../../../machines/clearance';
import { LandlordOtpFields } from '../../components/landlord-otp-fields';
import { NoticeAlert } from '../../components/notice-alert';
import type { ClearanceActor } from './clearance-actor';
import { ClearanceConsent } from './clearance-consent';
import { ClearanceMembers } from './clearance-members';

/**
 * The clearance's body (public-portal.md sections 2, 4, 5; docs/clearance.md), shared by the landing page's dialog
 * and the landlord page's tab: Landlord Epic and OTP until verified (skipped with the page's key), the vacant
 * Rental Unit, the Tenant ID, Generate Application, the tenant's consent code, the family members and helpers, Apply,
 * Download Application.
 * Everything shown is read from the machine's selectors.
 */
export function ClearanceForm({ actor }: { actor: ClearanceActor }) {
  const snapshot = useSelector(actor, (s) => s);
  const otpActor = clearanceOtpActor(snapshot);
  const otpNotice = useSelector(otpActor, (s) => s?.context.notice ?? null);
  const { epic, units, rentcode, tenantIdNumber, tenant, tenantError } = snapshot.context;
  const verified = isClearanceVerified(snapshot);
  const lookingUp = isLookingUpTenant(snapshot);

  return (
    <Stack gap="sm">
      {verified ? null : (
        <LandlordOtpFields
          epic={epic}
          onEpicChange={(value) => actor.send({ type: 'epic.change', value })}
          canRequest={canRequestClearanceOtp(snapshot)}
          onRequest={() => actor.send({ type: 'otp.request' })}
          otpActor={otpActor}
          verified={false}
        />
      )}
      {verified && !hasNoVacantUnits(snapshot) ? (
        <>
          <Select
            label="Rental Unit"
            placeholder={isLoadingUnits(snapshot) ? 'Loading rental units...' : 'Choose a vacant rental unit'}
            data={units.map((unit) => ({ value: unit.rentcode, label: clearanceUnitLabel(unit) }))}
            value={rentcode}
            disabled={!canChooseUnit(snapshot)}
            rightSection={isLoadingUnits(snapshot) ? <Loader size="xs" aria-label="Loading" /> : undefined}
            onChange={(value) => actor.send({ type: 'unit.select', rentcode: value })}
            comboboxProps={{ withinPortal: false }}
          />
          <TextInput
            label="Tenant ID"
            value={tenantIdNumber}
            maxLength={20}
            autoComplete="off"
            disabled={!isTenantFieldEnabled(snapshot)}
            aria-busy={lookingUp}
            rightSection={lookingUp ? <Loader size="xs" aria-label="Looking up the tenant" /> : undefined}
            description={tenant ? `Tenant Name: ${tenant.name}` : (tenantIdHint(snapshot) ?? undefined)}
            error={tenantError ?? undefined}
            onChange={(e) => actor.send({ type: 'tenant.change', value: e.currentTarget.value })}
          />
        </>
      ) : null}
      {hasNoVacantUnits(snapshot) ? (
        <NoticeAlert notice={{ kind: 'info', code: 'clearance.noUnits', text: CLEARANCE_MESSAGES.noUnits }} />
      ) : null}
      {isAwaitingConsent(snapshot) ? <ClearanceConsent actor={actor} /> : null}
      {isSelectingMembers(snapshot) ? <ClearanceMembers actor={actor} /> : null}
      <NoticeAlert notice={clearanceNotice(snapshot, otpNotice)} />
      <Group justify="flex-end" gap="xs" wrap="wrap">
        <Button
          variant="default"
          disabled={isGeneratingApplication(snapshot)}
          onClick={() => actor.send({ type: 'reset' })}
        >
          Reset
        </Button>
        {canReloadUnits(snapshot) ? (
          <Button variant="outline" onClick={() => actor.send({ type: 'units.reload' })}>
            Reload Rental Units
          </Button>
        ) : null}
        {isDownloadOffered(snapshot) ? (
          <Button
            variant="outline"
            loading={isDownloading(snapshot)}
            disabled={!canDownloadApplication(snapshot)}
            onClick={() => actor.send({ type: 'download' })}
          >
            Download Application
          </Button>
        ) : null}
        {isChoosingUnitAndTenant(snapshot) ? (
          <Button
            loading={isGeneratingApplication(snapshot)}
            disabled={!canGenerateApplication(snapshot)}
            onClick={() => actor.send({ type: 'generate' })}
          >
            Generate Application
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}
