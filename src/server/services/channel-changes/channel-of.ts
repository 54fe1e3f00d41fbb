import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { landlords, tenants, users } from '../../db/schema';
import type { CitizenScope } from '../../security/citizen-keys';

// A person's OTP channel (where its one-time passwords go: the email address, else the mobile number, see
// otpDestination) read and written the same way for a landlord, a tenant and a staff account.

export interface Channel {
  mobile: string | null;
  email: string | null;
}

/** What an update does to a channel: a key is present only for what changes (null: removed). */
export interface ChannelEdit {
  mobile?: string | null;
  email?: string | null;
}

const blankAsNull = (value: string | null | undefined) => value?.trim() || null;

/**
 * The form two values of a channel are compared in: an email address trimmed and in lower case, a mobile number
 * by its digits. `IBA@Example.org ` is the same address as `iba@example.org`: no held change, no notice.
 */
const comparable = {
  email: (value: string | null | undefined) => blankAsNull(value)?.toLowerCase() ?? null,
  mobile: (value: string | null | undefined) => value?.replace(/\D/g, '') || null,
};

/** The edit that takes `current` to `wanted`, or null when the channel stays as it is (compared as above). */
export function channelEditBetween(current: Channel, wanted: Partial<Channel>): ChannelEdit | null {
  const edit: ChannelEdit = {};
  for (const field of ['mobile', 'email'] as const) {
    if (field in wanted && comparable[field](wanted[field]) !== comparable[field](current[field]))
      edit[field] = blankAsNull(wanted[field]);
  }
  return Object.keys(edit).length > 0 ? edit : null;
}

/** The person's channel as stored now, or null when there is no such person. */
export async function channelOf(db: Db, subject: CitizenScope): Promise<Channel | null> {
  switch (subject.kind) {
    case 'landlord': {
      const [row] = await db
        .select({ mobile: landlords.mobile, email: landlords.email })
        .from(landlords)
        .where(eq(landlords.id, subject.landlordId))
        .for('update');
      return row ?? null;
    }
    case 'tenant': {
      const [row] = await db
        .select({ mobile: tenants.mobile, email: tenants.email })
        .from(tenants)
        .where(eq(tenants.id, subject.tenantId))
        .for('update');
      return row ?? null;
    }
    case 'user': {
      const [row] = await db
        .select({ email: users.email })
        .from(users)
        .where(eq(users.username, subject.username))
        .for('update');
      return row ? { mobile: null, email: row.email } : null;
    }
  }
}

/**
 * Writes the edit (a landlord's and a tenant's mobile is required: a removal keeps the old number). A tenant's
 * channel written ends its contest (docs/otp-channel-changes.md, "A contested record").
 */
export async function writeChannel(
  db: Db,
  subject: CitizenScope,
  edit: ChannelEdit,
  now: Date,
): Promise<void> {
  const mobile = edit.mobile ? { mobile: edit.mobile } : {};
  const email = 'email' in edit ? { email: edit.email ?? null } : {};
  switch (subject.kind) {
    case 'landlord':
      await db
        .update(landlords)
        .set({ ...mobile, ...email, updatedAt: now })
        .where(eq(landlords.id, subject.landlordId));
      return;
    case 'tenant':
      await db
        .update(tenants)
        .set({ ...mobile, ...email, channelContestedAt: null, updatedAt: now })
        .where(eq(tenants.id, subject.tenantId));
      return;
    case 'user':
      if ('email' in edit) await db.update(users).set(email).where(eq(users.username, subject.username));
      return;
  }
}
