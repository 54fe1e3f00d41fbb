import { useEffect, useState } from 'react';
import { Alert, Loader } from '@mantine/core';
import { messageOr, SERVER_FALLBACK_MESSAGE } from '../../../../machines/access/failures';
import type { Role } from '../../../contract/roles';
import type { Tenant } from '../../../contract/tenants.contract';
import { UpdateTenantPage, type EditTenantEntry } from '../../features/search/update-tenant-page';
import { StaffTenantProfile } from '../../features/tenant/staff-tenant-profile';
import { useTenantsOfficeApi } from '../../features/tenants-office/tenants-office-api';
import { useStaffSession } from '../use-staff-session';

/** The roles whose menu holds Delete Tenant (role-menu.ts); the server refuses the others' deletes too. */
const UPDATE_TENANT_ROLES: readonly Role[] = ['MODERATOR', 'SUPERMODERATOR'];

/**
 * /app/update-tenant: the search feature's page, with 'Edit Tenant Details' given by the officials' tenant profile
 * (the Tenants page's form over the `register/` calls), loaded by the tenant's ID number. Features do not import
 * each other; this route joins them.
 */
export function UpdateTenantRoute() {
  const session = useStaffSession();
  if (!session) return null;
  if (!UPDATE_TENANT_ROLES.includes(session.role)) {
    return (
      <Alert color="red.9" variant="outline" role="alert" title="Not available">
        Deleting and editing tenants is for Sub-Locality/Ward and Locality officers.
      </Alert>
    );
  }
  return <UpdateTenantPage renderEdit={(entry) => <EditTenantDetails key={entry.tenant.id} {...entry} />} />;
}

function EditTenantDetails({ tenant: row, onClose }: EditTenantEntry) {
  const api = useTenantsOfficeApi();
  const [tenant, setTenant] = useState<Tenant | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    api.tenantByIdNumber(row.epicNo).then(
      (found) => live && setTenant(found),
      (error: unknown) => live && setFailure(messageOr(error, SERVER_FALLBACK_MESSAGE)),
    );
    return () => {
      live = false;
    };
  }, [api, row.epicNo]);
  if (failure) {
    return (
      <Alert color="red.9" variant="outline" role="alert" title="The tenant could not be opened">
        {failure}
      </Alert>
    );
  }
  if (!tenant) return <Loader aria-label="Loading the tenant" />;
  return <StaffTenantProfile tenant={tenant} epicNo={tenant.epicNo} onClose={onClose} />;
}
