import { eq } from 'drizzle-orm';
import type { OtpSubject } from '../../contract/otp.contract';
import type { Db } from '../db/client';
import { landlords, tenants, users } from '../db/schema';
import { sameTenantIdNumber } from '../services/tenants-records.service';
import type { CitizenScope } from './citizen-keys';

// Who a code is for, found from what the person typed: a landlord's EPIC, a tenant's ID number or registration
// number, or a staff username; and where the code can be sent.

export interface OtpRecipient {
  scope: CitizenScope;
  email: string | null;
  mobile: string | null;
}

const LANDLORD_EPIC = /^[A-Z]{3}[0-9]{7}$/;
const TENANT_ID = /^[A-Z0-9/-]{8,20}$/;
const REGISTRATION_NO = /^[1-9][0-9]{0,14}$/;

/** The person `id` names for `subject`, or null (no such person, a disabled account, or a malformed id). */
export async function findOtpRecipient(
  db: Db,
  subject: OtpSubject,
  id: string,
): Promise<OtpRecipient | null> {
  const typed = id.trim();
  switch (subject) {
    case 'landlord': {
      const epic = typed.toUpperCase();
      if (!LANDLORD_EPIC.test(epic)) return null;
      const [row] = await db
        .select({ id: landlords.id, email: landlords.email, mobile: landlords.mobile })
        .from(landlords)
        .where(eq(landlords.epicNo, epic));
      return row && { scope: { kind: 'landlord', landlordId: row.id }, email: row.email, mobile: row.mobile };
    }
    case 'tenant':
    case 'registration': {
      const idNumber = typed.toUpperCase().replace(/\s+/g, '');
      const where =
        subject === 'tenant'
          ? TENANT_ID.test(idNumber) && sameTenantIdNumber(idNumber)
          : REGISTRATION_NO.test(typed) && eq(tenants.id, Number(typed));
      if (!where) return null;
      const [row] = await db
        .select({ id: tenants.id, email: tenants.email, mobile: tenants.mobile })
        .from(tenants)
        .where(where);
      return row && { scope: { kind: 'tenant', tenantId: row.id }, email: row.email, mobile: row.mobile };
    }
    case 'user': {
      const [row] = await db
        .select({ username: users.username, email: users.email, active: users.active })
        .from(users)
        .where(eq(users.username, typed));
      if (!row?.active) return null;
      return { scope: { kind: 'user', username: row.username }, email: row.email, mobile: null };
    }
  }
}

/** Email when the person has an address, else SMS to the mobile; null when neither is on record. */
export function otpDestination(
  recipient: Pick<OtpRecipient, 'email' | 'mobile'>,
): { channel: 'email' | 'sms'; to: string } | null {
  if (recipient.email?.trim()) return { channel: 'email', to: recipient.email.trim() };
  if (recipient.mobile?.trim()) return { channel: 'sms', to: recipient.mobile.trim() };
  return null;
}
