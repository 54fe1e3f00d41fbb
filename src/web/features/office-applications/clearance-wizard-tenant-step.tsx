import type { ReactNode } from 'react';
import { Button, Center, Group, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import {
  canLookUpWizardTenant,
  isWizardTenantLookingUp,
} from '../../../../machines/clearance/clearance-wizard.selectors';
import type { WizardTenant } from '../../../../machines/clearance/clearance-wizard.types';
import type { Tenant } from '../../../contract/tenants.contract';
import { WizardActor } from './clearance-wizard-actor';
import { wizardTenantOf } from './clearance-wizard.wiring';

export const WIZARD_TENANT_FIELD = "Tenant's ID";
/** Shown instead of the profile for a tenant whose record this official does not reach (docs/reach.md). */
export const TENANT_RECORD_ELSEWHERE =
  "This tenant's own record stays with the office where the tenant registered or applied. You may make the application for this tenant; it will not open the tenant's record from here.";

/** What the route's tenant profile (the tenant feature's, for MODERATOR and SUPERMODERATOR) is given. */
export interface WizardTenantProfileSlot {
  /** The tenant found by ID; null: a new tenant with `idNumber`, registered by the profile's first save. */
  tenant: Tenant | null;
  idNumber: string;
  onSaved: (tenant: Tenant) => void;
  onClose: () => void;
}

export interface ClearanceWizardTenantStepProps {
  /** The tenant profile for officials with the tenant screens; absent for USER and VERIFIER (a name card only). */
  renderProfile?: (slot: WizardTenantProfileSlot) => ReactNode;
}

/**
 * Step 2, 'Tenants': the tenant's ID, looked up with Find (or Enter). MODERATOR and SUPERMODERATOR then see the
 * tenant's profile (a new ID opens its registration); USER and VERIFIER see the tenant's name.
 */
export function ClearanceWizardTenantStep({ renderProfile }: ClearanceWizardTenantStepProps) {
  const actor = WizardActor.useActorRef();
  const snapshot = WizardActor.useSelector((s) => s);
  const { tenantIdNumber, tenant } = snapshot.context;
  const lookingUp = isWizardTenantLookingUp(snapshot);
  const registering = snapshot.matches({ tenant: 'registering' });
  const canLookUp = canLookUpWizardTenant(snapshot);
  const slot = (found: WizardTenant | null): WizardTenantProfileSlot => ({
    // The record is the register/ call's tenant: the wiring keeps it whole for officials with profiles.
    tenant: (found?.record as Tenant | undefined) ?? null,
    idNumber: tenantIdNumber,
    onSaved: (saved) => {
      if (!found) actor.send({ type: 'tenant.registered', tenant: wizardTenantOf(saved) });
    },
    onClose: () => actor.send({ type: 'tenant.idChange', value: '' }),
  });

  return (
    <Stack gap="md">
      <form
        noValidate
        aria-label="Find the tenant"
        onSubmit={(event) => {
          event.preventDefault();
          if (canLookUp) actor.send({ type: 'tenant.lookup' });
        }}
      >
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label={WIZARD_TENANT_FIELD}
            description="Driving licence, PAN or EPIC number: at least 8 characters"
            value={tenantIdNumber}
            maxLength={20}
            autoComplete="off"
            disabled={lookingUp}
            w={{ base: '100%', xs: 320 }}
            onChange={(event) => actor.send({ type: 'tenant.idChange', value: event.currentTarget.value })}
          />
          <Button type="submit" disabled={!canLookUp} loading={lookingUp}>
            Find
          </Button>
        </Group>
      </form>
      {lookingUp ? (
        <Center h={80} role="status" aria-label="Looking for the tenant">
          <Loader />
        </Center>
      ) : null}
      {registering && renderProfile ? renderProfile(slot(null)) : null}
      {tenant && renderProfile && tenant.record ? renderProfile(slot(tenant)) : null}
      {tenant && !(renderProfile && tenant.record) ? (
        <Paper withBorder p="md" maw={560} role="status" aria-label="Tenant">
          <Text size="sm" c="dimmed">
            Tenant
          </Text>
          <Text fw={700}>{tenant.name}</Text>
          <Text size="sm">
            ID {tenant.idNumber} · Registration Number {tenant.id}
          </Text>
          {renderProfile ? (
            <Text size="sm" mt="xs">
              {TENANT_RECORD_ELSEWHERE}
            </Text>
          ) : null}
        </Paper>
      ) : null}
    </Stack>
  );
}
