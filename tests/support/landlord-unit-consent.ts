import { eq } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { landlords, rentalUnits } from '../../src/server/db/schema';
import { consentCodeIn, newestConsentMessage } from './tenant-consent';

// The landlord's consent to a rental unit an official added in its name (docs/reach.md): the code is read from
// the outbox row of the message sent to the unit's landlord (demo mode without a carrier keeps it readable).

/** The subject line of every unit consent message (src/server/notify/consent-message.ts). */
export const UNIT_CONSENT_SUBJECT_PART = 'a rental unit added in your name';

/** The newest consent message kept for the unit's landlord (its email, else its mobile). */
export async function unitConsentMessageFor(db: Db, rentcode: string) {
  const [landlord] = await db
    .select({ email: landlords.email, mobile: landlords.mobile })
    .from(rentalUnits)
    .innerJoin(landlords, eq(landlords.id, rentalUnits.landlordId))
    .where(eq(rentalUnits.rentcode, rentcode));
  if (!landlord) throw new Error(`no rental unit ${rentcode}`);
  return newestConsentMessage(db, {
    to: landlord.email?.trim() || landlord.mobile.trim(),
    subjectPart: UNIT_CONSENT_SUBJECT_PART,
    bodyLike: `% rental unit ${rentcode} at %`,
    what: `rental unit ${rentcode}`,
  });
}

/** The clear code of the newest consent message for the unit. */
export async function unitConsentCodeFor(db: Db, rentcode: string): Promise<string> {
  return consentCodeIn(await unitConsentMessageFor(db, rentcode), `rental unit ${rentcode}`);
}
