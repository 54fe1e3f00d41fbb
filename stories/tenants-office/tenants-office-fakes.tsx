import { useState } from 'react';
import type { ApplicationPage, ApplicationRow } from '../../src/contract/applications.contract';
import { TENANT_MESSAGES, type Tenant } from '../../src/contract/tenants.contract';
import { CHANNEL_CHANGE_MESSAGES } from '../../src/contract/channel-changes.contract';
import { pendingMobileChange } from '../components/channel-change-fakes';
import type { ServerFailure } from '../../machines/access/failures';
import { ModalsLayer } from '../../src/web/app/modals-layer';
import { StaffTenantProfile } from '../../src/web/features/tenant/staff-tenant-profile';
import {
  TenantsOfficeApiContext,
  type TenantsOfficeApi,
} from '../../src/web/features/tenants-office/tenants-office-api';
import { TenantsPage } from '../../src/web/features/tenants-office/tenants-page';
import { sampleTenant } from '../tenant/tenant-fakes';
import { fakeTenantServices, type FakeServicesOptions } from '../tenant/tenant-service-fakes';

/** The officials' Tenants page over in-memory calls (no network), for stories and jsdom tests. */

/** The guard's refusal of a role without the call (an id outside reach is a 404 instead: docs/reach.md). */
export const NOT_ALLOWED = 'You are not allowed to do this.';

const row = (applid: number, tenantname: string, landlordname: string): ApplicationRow => ({
  applid,
  tenantname,
  landlordname,
  rentaladdress: '12, Ground, Laitumkhrah Main Road, Shillong',
  applstatus: 'LARP',
  statusLabel: 'Pending at Sub-Locality/Ward level',
  logby: 'landlord:1',
  wardCode: 'PS1701001LA01W01',
  wardName: 'Laitumkhrah Main',
  leftLocalityOn: null,
  updatedAt: '2026-11-22T10:00:00.000Z',
  version: 0,
  allowedEvents: [],
});

/** Twelve incomplete applications: two pages of ten. */
export const sampleIncomplete: ApplicationRow[] = Array.from({ length: 12 }, (_, i) =>
  row(40 - i, i === 0 ? 'Iba Kharkongor' : `Tenant ${i + 1}`, 'Banteilang Kharkongor'),
);

export interface FakeOfficeOptions {
  incomplete?: ApplicationRow[];
  /** 'fails': the list answers 500; 'pending': it never answers. */
  list?: 'works' | 'fails' | 'pending';
  /** The ID numbers the fake knows: found, refused (403: a role without the call) or none in reach (404). */
  lookup?: 'found' | 'absent' | 'refused';
  /** Re-visit Tenant: 'refused' answers that the tenant's record is held elsewhere (docs/reach.md). */
  revisit?: 'works' | 'refused';
  /**
   * Settle a contested record: 'held' (a new contact, held), 'confirmed' (the kept contact), 'involved' (403: the
   * officer deleted the former record or asked a change of it), 'absent' (404: none its office may settle),
   * 'pending' (never answers).
   */
  settle?: 'held' | 'confirmed' | 'involved' | 'absent' | 'pending';
  /** Who is signed in: the ward officer by default, or the locality officer (who settles contested records). */
  viewer?: 'moderator' | 'supermoderator';
  onCall?(name: keyof TenantsOfficeApi, args: unknown[]): void;
}

const PAGE_SIZE = 10;

/** Rejects the way the browser wiring does: with a plain `{status, message}` (asServerCall), not an Error. */
const refuse = async (failure: ServerFailure): Promise<never> => {
  throw failure;
};

export function fakeOfficeApi(options: FakeOfficeOptions = {}): TenantsOfficeApi {
  const rows = options.incomplete ?? sampleIncomplete;
  return {
    incompletePage: (args) => {
      options.onCall?.('incompletePage', [args]);
      if (options.list === 'fails') return refuse({ status: 500, message: 'Error in Server' });
      if (options.list === 'pending') return new Promise<ApplicationPage>(() => {});
      const totalPages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
      return Promise.resolve({
        applDto: rows.slice(args.page * PAGE_SIZE, (args.page + 1) * PAGE_SIZE),
        totalPages,
        totalElements: rows.length,
        pageNumber: args.page,
        pageSize: PAGE_SIZE,
        iscurrentPageFirst: args.page === 0,
        iscurrentPageLast: args.page >= totalPages - 1,
      });
    },
    tenantByIdNumber: (epicNo) => {
      options.onCall?.('tenantByIdNumber', [epicNo]);
      if (options.lookup === 'refused') return refuse({ status: 403, message: NOT_ALLOWED });
      if (options.lookup === 'found') return Promise.resolve({ ...sampleTenant, epicNo });
      return refuse({ status: 404, message: TENANT_MESSAGES.notInJurisdiction });
    },
    tenantOfApplication: (applid) => {
      options.onCall?.('tenantOfApplication', [applid]);
      if (options.revisit === 'refused') return refuse({ message: TENANT_MESSAGES.recordElsewhere });
      return Promise.resolve(structuredClone(sampleTenant));
    },
    settleContestedTenant: (body) => {
      options.onCall?.('settleContestedTenant', [body]);
      switch (options.settle ?? 'held') {
        case 'held': {
          const change = { ...pendingMobileChange, checkedInPerson: true };
          const held = CHANNEL_CHANGE_MESSAGES.heldInPerson(change.what, change.effectiveAtText);
          return Promise.resolve({
            message: `${CHANNEL_CHANGE_MESSAGES.settledHeld} ${held}`,
            channelChange: change,
          });
        }
        case 'confirmed':
          return Promise.resolve({ message: CHANNEL_CHANGE_MESSAGES.confirmedInPerson });
        case 'involved':
          return refuse({ status: 403, message: CHANNEL_CHANGE_MESSAGES.settlerInvolved });
        case 'absent':
          return refuse({ status: 404, message: CHANNEL_CHANGE_MESSAGES.notContested });
        case 'pending':
          return new Promise(() => {});
      }
    },
  };
}

const VIEWERS = {
  moderator: { username: 'moderator', usercode: 'PS1701001LA01W01', role: 'MODERATOR' },
  supermoderator: { username: 'supermoderator', usercode: 'PS1701001LA01', role: 'SUPERMODERATOR' },
} as const;

export interface TenantsPageWithFakesProps {
  office?: FakeOfficeOptions;
  services?: FakeServicesOptions;
  /** 'Proceed to Applications' (the route navigates to the Tenant Applications page). */
  onProceed?: (tenant: Tenant) => void;
}

/** The real page and the real staff profile, as the route joins them, over fakes. */
export function TenantsPageWithFakes({
  office = {},
  services: serviceOptions = {},
  onProceed = () => {},
}: TenantsPageWithFakesProps) {
  const [api] = useState(() => fakeOfficeApi(office));
  const [services] = useState(() => fakeTenantServices(serviceOptions));
  return (
    <ModalsLayer>
      <TenantsOfficeApiContext value={api}>
        <TenantsPage
          viewer={VIEWERS[office.viewer ?? 'moderator']}
          renderProfile={(entry) => (
            <StaffTenantProfile
              key={entry.tenant?.id ?? `new-${entry.epicNo}`}
              tenant={entry.tenant}
              epicNo={entry.epicNo}
              onClose={entry.onClose}
              onProceed={onProceed}
              services={services}
            />
          )}
        />
      </TenantsOfficeApiContext>
    </ModalsLayer>
  );
}
