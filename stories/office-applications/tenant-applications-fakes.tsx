import { useState } from 'react';
import type { ServerFailure } from '../../machines/access/failures';
import type { StaffRole } from '../../machines/application/lifecycle.events';
import type {
  LandlordApplicationPage,
  LandlordApplicationRow,
} from '../../src/contract/landlord-application-lists.contract';
import { CITIZEN_APPLICATION_MESSAGES as MESSAGES } from '../../src/contract/citizen-applications.contract';
import {
  MAY_BE_ACCEPTED,
  OFFICE_APPLICATION_MESSAGES,
} from '../../src/contract/office-applications.contract';
import { RENTAL_UNIT_MESSAGES } from '../../src/contract/rental-units.contract';
import { ModalsLayer } from '../../src/web/app/modals-layer';
import {
  OfficeApplicationsApiContext,
  type OfficeApplicationsApi,
} from '../../src/web/features/office-applications/office-applications-api';
import { TenantApplicationsPage } from '../../src/web/features/office-applications/tenant-applications-page';
import {
  TenantApplicationsPanel,
  type TenantApplicationsPanelProps,
} from '../../src/web/features/office-applications/tenant-applications-panel';
import { KNOWN_EPIC, sampleLandlord, unit } from '../landlord/landlord-fakes';
import { sampleTenant } from '../tenant/tenant-fakes';

/** The Tenant Applications page and panel over in-memory calls (no network), for stories and jsdom tests. */

export const TENANT_ID = 'DL0420110012345';
export const TENANT_NAME = 'Iba Kharkongor';
export const LANDLORD = { id: sampleLandlord.id, epic: KNOWN_EPIC, name: 'Wanphrang Nongbri' };
const PAGE_SIZE = 10;
/** The code the fake tenant received, and where it went (masked). */
export const CONSENT_CODE = '123456';
export const CONSENT_SENT_TO = 'mobile ••••••1234';

const row = (applid: number, rentcode: string, tenantname = TENANT_NAME): LandlordApplicationRow => ({
  applid,
  rentcode,
  tenantid: 3,
  tenantname,
  landlordname: LANDLORD.name,
  rentaladdress: `H-${applid}, Laitumkhrah Main Road, Shillong`,
  applstatus: 'LARP',
  status: 'Pending at Sub-Locality/Ward level',
  created: '2026-11-22T10:00:00.000Z',
});

/** Units 1 (vacant), 2 (with an incomplete application) and 3 (occupied). */
export const sampleUnits = [unit(1, true), unit(2, false), unit(3, false)];
/** The official's incomplete applications: one on this landlord's unit 2, one on another landlord's unit. */
export const samplePickable = [row(41, 'RU000000002'), row(40, 'RU000000099', 'Other Landlord Tenant')];
/** Twelve completed applications: two pages of ten. */
export const sampleCompleted = Array.from({ length: 12 }, (_, i) =>
  row(30 - i, 'RU000000003', i === 0 ? 'Banri Syiem' : `Tenant ${i + 1}`),
);
const family = {
  familyMembers: [{ memberCode: 5, memberName: 'Ka Kharkongor', relationship: 'Daughter' }],
  helpers: [{ memberCode: 9, memberName: 'Bah Kynsai' }],
};

export interface FakeTenantApplicationsOptions {
  /** The first load: 'fails' answers 500, 'pending' never answers. */
  lists?: 'works' | 'fails' | 'pending';
  pickable?: LandlordApplicationRow[];
  completed?: LandlordApplicationRow[];
  /** The completed table's later pages. */
  pages?: 'works' | 'fails';
  /** The tenant lookup: found or 404. */
  tenant?: 'found' | 'absent';
  /**
   * Create: 'fails' answers 409 (unit not vacant); 'tenant-elsewhere': created for a tenant not reached, the
   * tenant's consent pending (docs/tenant-consent.md); 'landlord-consent-missing': unit 1 was added by an official
   * for a landlord it does not reach and awaits the landlord's code (409, docs/reach.md).
   */
  save?: 'works' | 'fails' | 'tenant-elsewhere' | 'landlord-consent-missing';
  /** Confirm code: 'works' takes CONSENT_CODE (others: 400 wrong); 'ended' answers 409; 'pending' never answers. */
  consent?: 'works' | 'ended' | 'pending';
  /** Resend code: 'tooMany' answers 429; 'pending' never answers. */
  resend?: 'works' | 'tooMany' | 'pending';
  /** Reset on the consent step: 'refused' answers a 403; 'pending' never answers. */
  withdraw?: 'works' | 'refused' | 'pending';
  /** Apply: 'refused' answers the 403 a recommendation from another role gets. */
  apply?: 'works' | 'refused';
  /** The landlord EPIC lookup of the page: 'absent' answers 404. */
  landlord?: 'found' | 'absent';
  onCall?(name: keyof OfficeApplicationsApi, args: unknown[]): void;
}

/** Rejects the way the browser wiring does: with a plain `{status, message}` (asServerCall), not an Error. */
const refuse = async (failure: ServerFailure): Promise<never> => {
  throw failure;
};

function page(rows: LandlordApplicationRow[], pageNumber: number, size = PAGE_SIZE): LandlordApplicationPage {
  const totalPages = Math.max(1, Math.ceil(rows.length / size));
  return {
    applDto: rows.slice(pageNumber * size, (pageNumber + 1) * size),
    totalPages,
    totalElements: rows.length,
    pageNumber,
    pageSize: size,
    iscurrentPageFirst: pageNumber === 0,
    iscurrentPageLast: pageNumber >= totalPages - 1,
  };
}

/** When the fake tenant consented (shown as a received line by the landlord's screen; the office's ignores it). */
const CONSENTED_AT = '2026-11-27T07:30:00.000Z';

export function fakeTenantApplicationsApi(
  options: FakeTenantApplicationsOptions = {},
): OfficeApplicationsApi {
  const called = (name: keyof OfficeApplicationsApi, ...args: unknown[]) => options.onCall?.(name, args);
  const pending = <T,>() => new Promise<T>(() => {});
  const failsFirst = () => options.lists === 'fails';
  // What Reset withdrew leaves the picker, as on the server.
  const withdrawn = new Set<number>();
  return {
    landlordByEpic: (epic) => {
      called('landlordByEpic', epic);
      if (options.landlord === 'absent') return refuse({ status: 404, message: 'Landlord not found' });
      return Promise.resolve({ ...sampleLandlord, epicNo: epic });
    },
    landlordUnits: (landlordId) => {
      called('landlordUnits', landlordId);
      if (options.lists === 'pending') return pending();
      if (failsFirst()) return refuse({ status: 500, message: 'Error in Server' });
      if (options.save === 'landlord-consent-missing')
        return Promise.resolve([
          { ...unit(1, true), landlordConsent: 'pending' as const },
          ...sampleUnits.slice(1),
        ]);
      return Promise.resolve(sampleUnits);
    },
    tenantByIdNumber: (epicNo) => {
      called('tenantByIdNumber', epicNo);
      return Promise.resolve({ ...sampleTenant, epicNo });
    },
    clearanceTenant: (epicNo) => {
      called('clearanceTenant', epicNo);
      if (options.tenant === 'absent') return refuse({ status: 404, message: 'Tenant does not exist!' });
      return Promise.resolve({ id: 3, name: TENANT_NAME });
    },
    saveApplication: (channel, body) => {
      called('saveApplication', channel, body);
      if (options.save === 'fails') {
        return refuse({ status: 409, message: 'This rental unit is not vacant.' });
      }
      if (options.save === 'landlord-consent-missing')
        return refuse({ status: 409, message: RENTAL_UNIT_MESSAGES.landlordConsentMissing });
      const existing = (options.pickable ?? samplePickable).find((r) => r.rentcode === body.rentcode);
      const reply = {
        message: OFFICE_APPLICATION_MESSAGES.created,
        applid: existing?.applid ?? 42,
        applstatus: 'LARP' as const,
        rentcode: body.rentcode,
        tenantid: Number(body.tenantid),
        landlordid: LANDLORD.id,
        complete: false,
        created: !existing,
      };
      if (options.save === 'tenant-elsewhere')
        return Promise.resolve({
          ...reply,
          message: OFFICE_APPLICATION_MESSAGES.createdAwaitingConsent,
          tenantReached: false,
          tenantConsent: 'pending',
          consentCodeSentTo: CONSENT_SENT_TO,
          tenantConsentedAt: null,
          familyMembers: [],
          helpers: [],
        });
      return Promise.resolve({
        ...reply,
        tenantReached: true,
        tenantConsent: 'given',
        consentCodeSentTo: null,
        tenantConsentedAt: null,
        ...family,
      });
    },
    confirmTenantConsent: (applid, code) => {
      called('confirmTenantConsent', applid, code);
      if (options.consent === 'pending') return pending();
      if (options.consent === 'ended') return refuse({ status: 409, message: MESSAGES.consentCodeEnded });
      if (code !== CONSENT_CODE) return refuse({ status: 400, message: MESSAGES.consentWrongCode(4) });
      return Promise.resolve({
        message: MESSAGES.consentGiven,
        applid,
        tenantConsent: 'given',
        tenantConsentedAt: CONSENTED_AT,
        ...family,
      });
    },
    resendTenantConsent: (applid) => {
      called('resendTenantConsent', applid);
      if (options.resend === 'pending') return pending();
      if (options.resend === 'tooMany')
        return refuse({ status: 429, message: MESSAGES.consentTooManyResends(12) });
      return Promise.resolve({
        message: MESSAGES.consentCodeResent,
        applid,
        tenantConsent: 'pending',
        consentCodeSentTo: CONSENT_SENT_TO,
      });
    },
    withdrawApplication: (applid) => {
      called('withdrawApplication', applid);
      if (options.withdraw === 'pending') return pending();
      if (options.withdraw === 'refused')
        return refuse({ status: 403, message: MESSAGES.notYourApplication });
      withdrawn.add(applid);
      return Promise.resolve({ message: `Application ${applid} deleted.` });
    },
    applyApplication: (body) => {
      called('applyApplication', body);
      if (options.apply === 'refused') {
        return refuse({ status: 403, message: OFFICE_APPLICATION_MESSAGES.onlyWardModeratorRecommends });
      }
      const recommendation = body.recommendation;
      return Promise.resolve({
        message: recommendation
          ? OFFICE_APPLICATION_MESSAGES.appliedAndForwarded
          : OFFICE_APPLICATION_MESSAGES.applied,
        applid: Number(body.applid),
        complete: true,
        membercode: (body.membercode ?? []).map(Number),
        helperCode: (body.helperCode ?? []).map(Number),
        applstatus: recommendation ? 'LAVP' : 'LARP',
        remarks: recommendation?.kind === 'approval' ? MAY_BE_ACCEPTED : null,
      });
    },
    incompleteByLandlord: (query) => {
      called('incompleteByLandlord', query);
      return Promise.resolve(page(options.pickable ?? samplePickable, query.page));
    },
    completedByLandlordEpic: (query) => {
      called('completedByLandlordEpic', query);
      if (query.page === 0 && options.lists === 'pending') return pending();
      if (query.page === 0 && failsFirst()) return refuse({ status: 500, message: 'Error in Server' });
      if (query.page > 0 && options.pages === 'fails')
        return refuse({ status: 500, message: 'Database down' });
      return Promise.resolve(page(options.completed ?? sampleCompleted, query.page));
    },
    pickableApplications: (username) => {
      called('pickableApplications', username);
      if (options.lists === 'pending') return pending();
      const rows = (options.pickable ?? samplePickable).filter((r) => !withdrawn.has(r.applid));
      return Promise.resolve(page(rows, 0, 100));
    },
    completedApplicationForm: (applid) => {
      called('completedApplicationForm', applid);
      return Promise.resolve({
        base64img: 'JVBERi0=',
        contenttype: 'application/pdf',
        filename: `application-${applid}.pdf`,
      });
    },
  };
}

export interface TenantApplicationsWithFakesProps extends Partial<
  Omit<TenantApplicationsPanelProps, 'viewer'>
> {
  role?: StaffRole;
  fakes?: FakeTenantApplicationsOptions;
  /** 'page': /app/applications with its EPIC field; 'panel' (default): the panel alone, as the wizard shows it. */
  view?: 'panel' | 'page';
  /** The page's New Application (shown for USER only). */
  onNewApplication?: () => void;
}

/** The real panel (or page) over fakes. */
export function TenantApplicationsWithFakes({
  role = 'MODERATOR',
  fakes = {},
  view = 'panel',
  landlord = LANDLORD,
  tenantIdNumber = null,
  channel = 'office',
  onApplied,
  onNewApplication,
}: TenantApplicationsWithFakesProps) {
  const [api] = useState(() => fakeTenantApplicationsApi(fakes));
  const viewer = { role, username: role.toLowerCase(), usercode: 'PS1701001LA01W01' };
  return (
    <ModalsLayer>
      <OfficeApplicationsApiContext value={api}>
        {view === 'page' ? (
          <TenantApplicationsPage
            viewer={viewer}
            onNewApplication={role === 'USER' ? onNewApplication : undefined}
          />
        ) : (
          <TenantApplicationsPanel
            viewer={viewer}
            landlord={landlord}
            tenantIdNumber={tenantIdNumber}
            channel={channel}
            onApplied={onApplied}
          />
        )}
      </OfficeApplicationsApiContext>
    </ModalsLayer>
  );
}
