import { and, desc, eq, like } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { landlords, outboxMessages, rentalUnits } from '../../src/server/db/schema';

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
  const to = landlord.email?.trim() || landlord.mobile.trim();
  const [message] = await db
    .select()
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.recipient, to),
        like(outboxMessages.subject, `%${UNIT_CONSENT_SUBJECT_PART}`),
        like(outboxMessages.body, `% rental unit ${rentcode} at %`),
      ),
    )
    .orderBy(desc(outboxMessages.id))
    .limit(1);
  if (!message) throw new Error(`no consent message for rental unit ${rentcode}`);
  return message;
}

/** The clear code of the newest consent message for the unit. */
export async function unitConsentCodeFor(db: Db, rentcode: string): Promise<string> {
  const code = /consent code is (\d{6})\b/.exec((await unitConsentMessageFor(db, rentcode)).body)?.[1];
  if (!code) throw new Error(`the consent message for rental unit ${rentcode} holds no readable code`);
  return code;
}
