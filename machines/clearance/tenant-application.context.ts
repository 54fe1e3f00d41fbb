import type { ClearanceTenant } from './anonymous-clearance.types';
import type {
  ApplyOfficeApplicationInput,
  OfficeApplicationRow,
  TenantApplicationContext,
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
