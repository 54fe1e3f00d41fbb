import { useState } from 'react';
import { Button, Stack, Text, Title } from '@mantine/core';
import type { StaffRole } from '../../machines/application/lifecycle.events';
import type { Tenant } from '../../src/contract/tenants.contract';
import { ModalsLayer } from '../../src/web/app/modals-layer';
import { OfficeLandlordStep } from '../../src/web/features/landlord/office/office-landlord-step';
import { OfficeServicesContext } from '../../src/web/features/landlord/office/office-services';
import {
  ClearanceWizardPage,
  type WizardApplicationsSlot,
} from '../../src/web/features/office-applications/clearance-wizard-page';
import {
  OfficeApplicationsApiContext,
  type OfficeApplicationChannel,
  type OfficeApplicationsApi,
} from '../../src/web/features/office-applications/office-applications-api';
import { StaffTenantProfile } from '../../src/web/features/tenant/staff-tenant-profile';
import { fakeOfficeServices } from '../landlord-office/office-fakes';
import { sampleTenant } from '../tenant/tenant-fakes';
import { fakeTenantServices } from '../tenant/tenant-service-fakes';

/** The clearance wizard over in-memory calls (no network), for stories and jsdom tests. */

/** A registered tenant (found by both lookups). */
export const KNOWN_TENANT_ID = 'DL0420110012345';
/** An ID whose lookup never answers. */
export const PENDING_TENANT_ID = 'WAIT12345678';
/** An ID whose lookup the server refuses (403: the guard's answer to a role without the call). */
export const REFUSED_TENANT_ID = 'OUTSIDE12345';
export const REFUSED_TENANT_MESSAGE = 'You are not allowed to do this.';
/**
 * A tenant registered by another office (docs/reach.md): register/tenantByIdNumber answers it as none in reach
 * (404), the clearance lookup names it, so an official with tenant screens still makes its application.
 */
export const ELSEWHERE_TENANT_ID = 'ELSEWHERE1234';
export const APPLIED_ID = 9001;
export const MINIMAL_PDF_BASE64 = btoa('%PDF-1.4\n%%EOF\n');

const forever = <T,>() => new Promise<T>(() => {});
const refuse = async (status: number, message: string): Promise<never> => {
  // Rejected like the browser wiring: a plain `{status, message}`, not an Error.
  throw { status, message };
};
const unused = (name: string) => () => refuse(500, `${name} is not used by the wizard's stories`);

export interface FakeWizardOptions {
  /** The complete application's download: works, fails (500) or never answers. */
  download?: 'works' | 'fails' | 'pending';
  onCall?(name: keyof OfficeApplicationsApi, args: unknown[]): void;
}

/** The calls the wizard makes itself: the tenant lookups and the complete application. */
export function fakeWizardApi(options: FakeWizardOptions = {}): OfficeApplicationsApi {
  const lookup = <T,>(name: keyof OfficeApplicationsApi, epicNo: string, found: () => T): Promise<T> => {
    options.onCall?.(name, [epicNo]);
    if (epicNo === PENDING_TENANT_ID) return forever();
    if (epicNo === REFUSED_TENANT_ID) return refuse(403, REFUSED_TENANT_MESSAGE);
    if (epicNo === ELSEWHERE_TENANT_ID && name === 'tenantByIdNumber')
      return refuse(404, 'No tenant with this ID number in your jurisdiction.');
    if (epicNo === ELSEWHERE_TENANT_ID) return Promise.resolve(found());
    if (epicNo === KNOWN_TENANT_ID) return Promise.resolve(found());
    return refuse(404, 'Tenant does not exist!');
  };
  return {
    tenantByIdNumber: (epicNo) =>
      lookup<Tenant>('tenantByIdNumber', epicNo, () => ({ ...sampleTenant, epicNo })),
    clearanceTenant: (epicNo) =>
      lookup('clearanceTenant', epicNo, () => ({ id: sampleTenant.id, name: 'Iba Kharkongor' })),
    completedApplicationForm: (applid) => {
      options.onCall?.('completedApplicationForm', [applid]);
      if (options.download === 'pending') return forever();
      if (options.download === 'fails') return refuse(500, 'Error in Server');
      return Promise.resolve({
        base64img: MINIMAL_PDF_BASE64,
        contenttype: 'application/pdf' as const,
        filename: `application-${applid}.pdf`,
      });
    },
    landlordByEpic: unused('landlordByEpic'),
    landlordUnits: unused('landlordUnits'),
    saveApplication: unused('saveApplication'),
    applyApplication: unused('applyApplication'),
    confirmTenantConsent: unused('confirmTenantConsent'),
    resendTenantConsent: unused('resendTenantConsent'),
    withdrawApplication: unused('withdrawApplication'),
    incompleteByLandlord: unused('incompleteByLandlord'),
    completedByLandlordEpic: unused('completedByLandlordEpic'),
    pickableApplications: unused('pickableApplications'),
  };
}

/**
 * A stand-in for the Tenant Applications panel (tenant-applications-panel.tsx, whose own stories show it): it
 * names what the wizard handed it and applies application 9001, so the wizard's own states can be shown.
 */
function PanelStandIn({ landlord, tenantIdNumber, onApplied }: WizardApplicationsSlot) {
  return (
    <Stack gap="xs" align="flex-start">
      <Title order={2} fz="md">
        Tenant Applications
      </Title>
      <Text size="sm">
        Landlord {landlord.name} ({landlord.epic}), tenant ID {tenantIdNumber}
      </Text>
      <Button onClick={() => onApplied(APPLIED_ID)}>Apply application {APPLIED_ID}</Button>
    </Stack>
  );
}

export interface WizardStoryProps extends FakeWizardOptions {
  role?: StaffRole;
  channel?: OfficeApplicationChannel;
}

/** The real wizard, its machine and wiring, the real landlord step and tenant profile, over fake calls. */
export function ClearanceWizardWithFakes({
  role = 'MODERATOR',
  channel = 'own',
  ...options
}: WizardStoryProps) {
  const [api] = useState(() => fakeWizardApi(options));
  const [office] = useState(() => fakeOfficeServices());
  const [tenantServices] = useState(() => fakeTenantServices());
  return (
    <ModalsLayer>
      <OfficeServicesContext.Provider value={office}>
        <OfficeApplicationsApiContext.Provider value={api}>
          <ClearanceWizardPage
            channel={channel}
            viewer={{ role, username: role.toLowerCase(), usercode: '1701' }}
            renderLandlord={({ epic, onSaved }) => (
              <OfficeLandlordStep key={epic} epic={epic} vacancyUpdates onLandlord={onSaved} />
            )}
            renderTenantProfile={(slot) => (
              <StaffTenantProfile
                key={slot.tenant?.id ?? `new-${slot.idNumber}`}
                tenant={slot.tenant}
                epicNo={slot.idNumber}
                onSaved={slot.onSaved}
                onClose={slot.onClose}
                services={tenantServices}
              />
            )}
            renderApplications={(slot) => <PanelStandIn {...slot} />}
          />
        </OfficeApplicationsApiContext.Provider>
      </OfficeServicesContext.Provider>
    </ModalsLayer>
  );
}
