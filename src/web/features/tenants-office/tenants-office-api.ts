import { createContext, useContext } from 'react';
import type { ApplicationPage } from '../../../contract/applications.contract';
import { APPLICATION_ENDPOINTS } from '../../../contract/applications.endpoints';
import type { ServerFailure } from '../../../../machines/access/failures';
import { TENANT_MESSAGES, type SettleContestBody, type Tenant } from '../../../contract/tenants.contract';
import { TENANT_ENDPOINTS, TENANT_RECORD_ENDPOINTS } from '../../../contract/tenants-endpoints.contract';
import type { ChannelUpdateReply } from '../../../contract/channel-changes.contract';
import { callEndpoint } from '../../api/endpoint-call';
import { asServerCall } from '../../api/server-failure';

/** Only a LARP list can hold incomplete applications (docs/applications-api.md "Complete and incomplete variants"). */
export const INCOMPLETE_STATUS = 'LARP';

/**
 * The calls of the officials' Tenants page, behind one interface so stories and tests plug in fakes. Every call
 * rejects with a ServerFailure `{status?, message?}`.
 */
export interface TenantsOfficeApi {
  /** One page of INCOMPLETE APPLICATION(S) of the official's jurisdiction. */
  incompletePage(args: { code: string; username: string; page: number }): Promise<ApplicationPage>;
  /** The tenant with this ID number (404 when none in the official's reach: none at all, or one held elsewhere). */
  tenantByIdNumber(epicNo: string): Promise<Tenant>;
  /** The tenant an application was generated for (Re-visit Tenant). */
  tenantOfApplication(applid: number): Promise<Tenant>;
  /** Settles a contested record at the counter (docs/otp-channel-changes.md, "A contested record"). */
  settleContestedTenant(body: SettleContestBody): Promise<ChannelUpdateReply>;
}

export const httpTenantsOfficeApi: TenantsOfficeApi = {
  incompletePage: ({ code, username, page }) =>
    asServerCall(() =>
      callEndpoint(APPLICATION_ENDPOINTS.incompleteList, {
        params: { status: INCOMPLETE_STATUS, code, username, page },
      }),
    ),
  tenantByIdNumber: (epicNo) =>
    asServerCall(() => callEndpoint(TENANT_RECORD_ENDPOINTS.staff.tenantByIdNumber, { params: { epicNo } })),
  // The list's rows carry no tenant id: the application's detail names it (and checks the jurisdiction), and
  // says when the tenant's record is not the official's to open (the record route would answer it as missing).
  tenantOfApplication: async (applid) => {
    const { tenant } = await asServerCall(() =>
      callEndpoint(APPLICATION_ENDPOINTS.detail, { params: { id: applid } }),
    );
    if (tenant.recordWithheld) {
      const failure: ServerFailure = { message: TENANT_MESSAGES.recordElsewhere };
      throw failure;
    }
    return asServerCall(() =>
      callEndpoint(TENANT_RECORD_ENDPOINTS.staff.tenant, { params: { id: tenant.id } }),
    );
  },
  settleContestedTenant: (body) => asServerCall(() => callEndpoint(TENANT_ENDPOINTS.settleContest, { body })),
};

export const TenantsOfficeApiContext = createContext<TenantsOfficeApi>(httpTenantsOfficeApi);

export function useTenantsOfficeApi(): TenantsOfficeApi {
  return useContext(TenantsOfficeApiContext);
}
