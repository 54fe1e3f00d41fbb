import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useSelector } from '@xstate/react';
import {
  TENANT_APPLICATION_MESSAGES,
  isCreateFormOpen,
  isLookingUpOfficeTenant,
  isPanelBusy,
  officeTenantHint,
} from '../../../../machines/clearance';
import { NoticeAlert } from '../../components/notice-alert';
import type { TenantApplicationActor } from './tenant-applications-actor';

export const CREATE_TITLE = 'Create New Application';

/** Create New Application: a vacant unit of the landlord and the tenant found by its ID number. */
export function TenantApplicationsCreate({ actor }: { actor: TenantApplicationActor }) {
  const phone = useMediaQuery('(max-width: 36em)');
  const snapshot = useSelector(actor, (s) => s);
  const opened = isCreateFormOpen(snapshot);
  const { vacantUnits, rentcode, idNumber, tenant, notice } = snapshot.context;
  const saving = isPanelBusy(snapshot);
  const lookingUp = isLookingUpOfficeTenant(snapshot);
  const hint = officeTenantHint(snapshot);
  return (
    <Modal
      opened={opened}
      onClose={() => actor.send({ type: 'dialog.close' })}
      title={CREATE_TITLE}
      size="lg"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="sm">
        {vacantUnits.length === 0 ? (
          <Alert color="yellow" variant="light" role="status">
            {TENANT_APPLICATION_MESSAGES.noVacantUnits}
          </Alert>
        ) : null}
        <Select
          label="Rental Unit"
          placeholder="Choose a vacant rental unit"
          data={vacantUnits.map((unit) => ({ value: unit.rentcode, label: unit.label }))}
          value={rentcode}
          disabled={saving || vacantUnits.length === 0}
          onChange={(value) => actor.send({ type: 'unit.select', rentcode: value })}
          comboboxProps={{ withinPortal: false }}
        />
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            label="Tenant ID Number"
            value={idNumber}
            disabled={saving}
            error={snapshot.context.tenantError ?? undefined}
            description={snapshot.context.tenantError ? undefined : (hint ?? undefined)}
            onChange={(e) => actor.send({ type: 'tenant.change', value: e.currentTarget.value })}
            onKeyDown={(e) => {
              if (e.key === 'Enter') actor.send({ type: 'tenant.find' });
            }}
          />
          <Button
            variant="default"
            loading={lookingUp}
            disabled={!snapshot.can({ type: 'tenant.find' })}
            onClick={() => actor.send({ type: 'tenant.find' })}
          >
            Find Tenant
          </Button>
        </Group>
        {tenant ? (
          <Text role="status">
            Tenant: <strong>{tenant.name}</strong>
          </Text>
        ) : null}
        <NoticeAlert notice={notice} />
        <Group justify="flex-end">
          <Button variant="default" disabled={saving} onClick={() => actor.send({ type: 'dialog.close' })}>
            Cancel
          </Button>
          <Button
            loading={saving}
            disabled={!snapshot.can({ type: 'create.submit' })}
            onClick={() => actor.send({ type: 'create.submit' })}
          >
            Create
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
