import { fromPromise } from 'xstate';
import { statusOf } from '../../../../machines/access/failures';
import { clearanceWizardMachine } from '../../../../machines/clearance/clearance-wizard.machine';
import type {
  TenantLookupResult,
  WizardFormRequest,
  WizardTenant,
  WizardTenantLookup,
} from '../../../../machines/clearance/clearance-wizard.types';
import type { Role } from '../../../contract/roles';
import type { Tenant } from '../../../contract/tenants.contract';
import { saveBase64File } from '../../lib/pdf-download';
import type { OfficeApplicationsApi } from './office-applications-api';

/**
 * MODERATOR and SUPERMODERATOR have the tenant screens (docs/tenants-api.md "Who may call what"): at the wizard's
 * Tenants step they open the tenant's profile, or register a new one. USER and VERIFIER name a registered tenant.
 */
export function opensTenantProfiles(role: Role): boolean {
  return role === 'MODERATOR' || role === 'SUPERMODERATOR';
}

/** The wizard's view of a tenant record from the `register/` calls (kept whole for the profile). */
export function wizardTenantOf(tenant: Tenant): WizardTenant {
  return {
    id: tenant.id,
    idNumber: tenant.epicNo,
    name: [tenant.firstName, tenant.middleName, tenant.lastName].filter(Boolean).join(' '),
    record: tenant,
  };
}

/**
 * The wizard with the official's calls: the tenant lookup by role (the full record from register/tenantByIdNumber,
 * whose 404 means none in the official's reach: then `{id, name}` from process/user/clearanceTenant names a tenant
 * registered elsewhere, and its 404 opens a registration; or, for the roles without tenant screens, only
 * clearanceTenant, where 404 is 'Tenant does not exist!'), and the complete application's download (process/user/GetCompletedApplicationForm/{id}).
 */
export function clearanceWizardWith(api: OfficeApplicationsApi, role: Role) {
  const profiles = opensTenantProfiles(role);
  return clearanceWizardMachine.provide({
    actors: {
      findTenant: fromPromise<TenantLookupResult, WizardTenantLookup>(async ({ input, signal }) => {
        if (!profiles) {
          const { id, name } = await api.clearanceTenant(input.idNumber, signal);
          return { kind: 'found', tenant: { id, idNumber: input.idNumber, name } };
        }
        try {
          return {
            kind: 'found',
            tenant: wizardTenantOf(await api.tenantByIdNumber(input.idNumber, signal)),
          };
        } catch (failure) {
          if (statusOf(failure) !== 404) throw failure;
        }
        // None in reach. A tenant registered by another office, or held by another area (docs/reach.md): the
        // application may still be made, with the tenant named by id and name, but its record is not opened here.
        try {
          const { id, name } = await api.clearanceTenant(input.idNumber, signal);
          return { kind: 'found', tenant: { id, idNumber: input.idNumber, name } };
        } catch (failure) {
          if (statusOf(failure) === 404) return { kind: 'fresh' };
          throw failure;
        }
      }),
      downloadForm: fromPromise<void, WizardFormRequest>(async ({ input, signal }) => {
        const form = await api.completedApplicationForm(input.applid, signal);
        saveBase64File(form.base64img, form.contenttype, form.filename);
      }),
    },
  });
}
