import type { Notice } from '../access/failures';
import type { ClearanceTenant } from './anonymous-clearance.types';
import {
  TENANT_APPLICATION_MESSAGES,
  type ApplyOfficeApplicationInput,
  type ConsentedPeople,
  type OfficeApplicationRow,
  type OpenedApplication,
  type TenantApplicationContext,
} from './tenant-application.types';

// How the Tenant Applications machine's context starts and changes (tenant-application.machine.ts).

export const noForm = { rentcode: null, idNumber: '', tenant: null, tenantError: null };
export const noSelection = {
  application: null,
  memberCodes: [],
  helperCodes: [],
  recommendation: 'none',
  remarks: '',
  consentCode: '',
  applied: null,
} satisfies Partial<TenantApplicationContext>;

export function recommendationOf(
  context: TenantApplicationContext,
): ApplyOfficeApplicationInput['recommendation'] {
  if (context.recommendation === 'approval') return { kind: 'approval' };
  if (context.recommendation === 'rejection') return { kind: 'rejection', remarks: context.remarks.trim() };
  return null;
}

/** The new application joins the picker's list (first, as the server orders them) and its unit is no longer vacant. */
export function withCreated(
  context: TenantApplicationContext,
  applid: number,
): Partial<TenantApplicationContext> {
  const unit = context.vacantUnits.find((u) => u.rentcode === context.rentcode);
  const row: OfficeApplicationRow = {
    applid,
    rentcode: context.rentcode as string,
    tenantid: (context.tenant as ClearanceTenant).id,
    tenantname: (context.tenant as ClearanceTenant).name,
    landlordname: context.landlord.name,
    rentaladdress: unit?.label ?? '',
  };
  return {
    incomplete: [row, ...context.incomplete.filter((r) => r.applid !== applid)],
    vacantUnits: context.vacantUnits.filter((u) => u.rentcode !== context.rentcode),
    ...noForm,
  };
}

/** The tenant's code confirmed: the people it answered join the application, all ticked, as after a create. */
export function withConsent(
  context: TenantApplicationContext,
  people: ConsentedPeople,
): Partial<TenantApplicationContext> {
  return {
    application: {
      ...(context.application as OpenedApplication),
      familyMembers: people.familyMembers,
      helpers: people.helpers,
      tenantConsent: 'given',
    },
    memberCodes: people.familyMembers.map((m) => m.memberCode),
    helperCodes: people.helpers.map((h) => h.memberCode),
    consentCode: '',
    notice: { kind: 'success', code: 'tenantApplication.peopleSaved', text: people.message } satisfies Notice,
  };
}

/** A new code went to the tenant (maybe to a channel changed since): the earlier one ends. */
export function withCodeResent(
  context: TenantApplicationContext,
  consentCodeSentTo: string,
): Partial<TenantApplicationContext> {
  return {
    application: { ...(context.application as OpenedApplication), consentCodeSentTo },
    consentCode: '',
    notice: {
      kind: 'success',
      code: 'tenantApplication.consentResent',
      text: TENANT_APPLICATION_MESSAGES.consentResent,
    } satisfies Notice,
  };
}
