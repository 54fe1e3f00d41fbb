import { eq, sql } from 'drizzle-orm';
import {
  CITIZEN_APPLICATION_MESSAGES as MESSAGES,
  type TenantConsentGiven,
  type TenantConsentResent,
} from '../../contract/citizen-applications.contract';
import { OTP_MESSAGES } from '../../contract/otp.contract';
import type { AppDeps } from '../deps';
import type { Db, Tx } from '../db/client';
import { rowsOf } from '../db/rows-of';
import { applications } from '../db/schema';
import { HttpError } from '../http/errors';
import {
  consentMessage,
  deliverConsentMessage,
  keepConsentMessage,
  type KeptConsentMessage,
} from '../notify/consent-message';
import { auditValues, writeAuditLog } from '../security/audit-log';
import { otpDestination } from '../security/otp-subjects';
import { UNREADABLE_OTP } from '../security/otp-validate';
import { openSealedSecret, SealedSecretError } from '../security/transport-key';
import { peopleOf } from './application-generate.service';
import { officeOf } from './office-name';
import {
  checkConsentCode,
  CONSENT_CODE_TTL_MS,
  consentBudgetWait,
  consentResendWait,
  endConsentCode,
  issueConsentCode,
  type ConsentSubject,
} from './consent-codes';

// The tenant's consent to an application (docs/tenant-consent.md, issue 20 / pen-test F1 and F2). A landlord's
// key, or an official who does not reach the tenant, makes its application with grants_reach false; a one-time
// code goes to the tenant's own email (else SMS); only the code, given by the tenant to whoever made the
// application and entered here, sets tenant_consented_at and grants_reach. Until then the applicant sees none of
// the tenant's people and cannot Apply.

/** What the consent calls need: the database, the config (carriers, demo mode), the clock, the request's logger. */
export type ConsentDeps = AppDeps & { log?: (message: string) => void };

/** Where a code went, masked for the landlord: 'email r•••@example.com' or 'mobile ••••••1234'. */
export function maskedDestination(destination: { channel: 'email' | 'sms'; to: string }): string {
  if (destination.channel === 'sms') return `mobile ${'•'.repeat(6)}${destination.to.slice(-4)}`;
  const [local, domain] = destination.to.split('@');
  return `email ${local.slice(0, 1)}•••@${domain ?? ''}`;
}

interface ConsentFacts {
  email: string | null;
  mobile: string | null;
  landlordName: string;
  landlordEpic: string;
  unitAddress: string;
  /** The official's usercode when an official made the application (its office asks), else null. */
  officeCode: string | null;
}

/** The tenant's channels and what the message names (landlord, unit address), in one statement. */
async function consentFacts(db: Db | Tx, applid: number): Promise<ConsentFacts | undefined> {
  const result = await db.execute(sql`select t.email, t.mobile,
  concat_ws(' ', l.first_name, nullif(l.middle_name, ''), nullif(l.last_name, '')) as "landlordName",
  l.epic_no as "landlordEpic",
  concat_ws(', ', nullif(u.house_no, ''), nullif(u.floor_no, ''), u.address1, nullif(u.address2, ''), u.pin_code)
    as "unitAddress",
  (select usr.usercode from users usr where a.logby not like 'landlord:%' and usr.username = a.logby) as "officeCode"
from applications a join tenants t on t.id = a.tenant_id join landlords l on l.id = a.landlord_id
  join rental_units u on u.rentcode = a.rentcode
where a.applid = ${applid}::bigint`);
  return rowsOf<ConsentFacts>(result)[0];
}

/** A code made and its message kept, to hand to the carrier after the commit. */
export interface SentConsentCode {
  codeId: number;
  kept: KeptConsentMessage;
  sentTo: string;
}

/**
 * Makes the application's code and keeps its message in the outbox, with `tx` (the generating or resending
 * transaction). Null when the tenant has neither email nor mobile on record (no code is made); 429 when the
 * applicant's daily budget for this tenant is spent, or the tenant-wide flood guard stops it (consentBudgetWait).
 */
export async function keepConsentCode(
  tx: Db | Tx,
  deps: ConsentDeps,
  applid: number,
  now: Date,
): Promise<SentConsentCode | null> {
  const facts = await consentFacts(tx, applid);
  const destination = facts && otpDestination(facts);
  if (!facts || !destination) return null;
  // Thrown inside the caller's transaction: a generate at the tenant's cap writes nothing.
  const wait = await consentBudgetWait(tx, { kind: 'application', applid }, now);
  if (wait)
    throw new HttpError(
      429,
      wait.whose === 'applicant'
        ? MESSAGES.consentApplicantCap(wait.minutes)
        : MESSAGES.consentTenantCap(wait.minutes),
    );
  const issued = await issueConsentCode(tx, deps.db, { kind: 'application', applid }, now);
  const message = consentMessage(
    destination,
    {
      ...facts,
      applid,
      minutes: CONSENT_CODE_TTL_MS / 60_000,
      office: facts.officeCode ? await officeOf(tx, facts.officeCode) : null,
    },
    issued.code,
  );
  const kept = await keepConsentMessage(tx, deps, message, now);
  return { codeId: issued.codeId, kept, sentTo: maskedDestination(destination) };
}

/** Hands a kept code's message to its carrier after the commit; never throws. */
export function deliverConsentCode(deps: ConsentDeps, sent: SentConsentCode): Promise<boolean> {
  return deliverConsentMessage(deps, sent.kept);
}

/** Whether (and when) the tenant has consented, and where a code would go (masked; null without a channel). */
export async function consentStateOf(
  db: Db,
  applid: number,
): Promise<{ given: boolean; sentTo: string | null; consentedAt: string | null }> {
  const [row] = await db
    .select({ given: applications.grantsReach, at: applications.tenantConsentedAt })
    .from(applications)
    .where(eq(applications.applid, applid));
  const facts = await consentFacts(db, applid);
  const destination = facts && otpDestination(facts);
  return {
    given: row?.given ?? false,
    sentTo: destination ? maskedDestination(destination) : null,
    consentedAt: row?.at ? row.at.toISOString() : null,
  };
}

/** A generated application as its reply shows it while the tenant's consent is awaited, or once given. */
export type WithConsent<T> =
  | (T & { tenantConsent: 'given'; consentCodeSentTo: null; tenantConsentedAt: string | null })
  | (T & { tenantConsent: 'pending'; consentCodeSentTo: string | null; tenantConsentedAt: null });

/**
 * The words of a generate's or an office create's reply: `given` once the tenant has consented, `awaiting` for a new
 * application waiting for the code, and for a repeated one that no new code was sent and where the earlier went.
 */
export function consentReplyMessage(
  shown: { tenantConsent: string; consentCodeSentTo: string | null },
  created: boolean,
  texts: { given: string; awaiting: string },
): string {
  if (shown.tenantConsent === 'given') return texts.given;
  return created ? texts.awaiting : MESSAGES.consentCodeNotSentAgain(shown.consentCodeSentTo);
}

/**
 * After the generating transaction committed: hands the code it made (`sent`; undefined when a repeated submission
 * made none) to the carrier without holding up the reply, and says what the reply shows: while consent is awaited
 * none of the tenant's people (they are the tenant's data) and where the code went, masked.
 */
export async function withConsentState<
  T extends { applid: number; familyMembers: unknown[]; helpers: unknown[] },
>(deps: ConsentDeps, generated: T, sent: SentConsentCode | null | undefined): Promise<WithConsent<T>> {
  if (sent) void deliverConsentCode(deps, sent);
  const consent =
    sent !== undefined
      ? { given: false, sentTo: sent?.sentTo ?? null, consentedAt: null }
      : await consentStateOf(deps.db, generated.applid);
  if (consent.given)
    return {
      ...generated,
      tenantConsent: 'given',
      consentCodeSentTo: null,
      tenantConsentedAt: consent.consentedAt,
    };
  return {
    ...generated,
    familyMembers: [],
    helpers: [],
    tenantConsent: 'pending',
    consentCodeSentTo: consent.sentTo,
    tenantConsentedAt: null,
  };
}

type ApplicationRow = typeof applications.$inferSelect;

/**
 * Who confirms a code or asks for another: the one who made the application, named as its logby says (the
 * landlord's key 'landlord:<id>', or the official's username; usernames hold no ':', so the two never meet). A
 * LandlordRequest is one as it is; officialAsker (office-applications.service.ts) makes one for an official.
 */
export interface ConsentAsker {
  /** The application's logby when this asker made it; the audit lines' username. */
  label: string;
  now: Date;
  audit: { ip: string; url: string };
  refuse: (message: string) => Promise<never>;
}

const readApplication = async (db: Db, applid: number): Promise<ApplicationRow | undefined> =>
  (await db.select().from(applications).where(eq(applications.applid, applid)))[0];

/**
 * The refusals of both consent calls, from the application's row: someone else's (another landlord's, another
 * official's), an unknown id or one the asker did not make 403 (audited, the withdraw's words); deleted 404;
 * consent already given 409; applied already (an office application made before consent was asked) 409.
 */
async function refuseUnlessAwaiting(
  who: ConsentAsker,
  row: ApplicationRow | undefined,
): Promise<ApplicationRow> {
  if (!row || row.logby !== who.label) return who.refuse(MESSAGES.notYourApplication);
  if (row.deletedAt !== null) throw new HttpError(404, MESSAGES.applicationDeleted);
  if (row.grantsReach) throw new HttpError(409, MESSAGES.consentAlreadyGiven);
  if (row.completedAt !== null) throw new HttpError(409, MESSAGES.alreadyApplied);
  return row;
}

/** The sealed code, opened (its nonce spent); 400 as apikey/validateOTP answers an unreadable or replayed one. */
export async function openCode(db: Db, sealed: string, now: Date): Promise<string> {
  try {
    return (await openSealedSecret(db, sealed, now)).secret;
  } catch (err) {
    if (!(err instanceof SealedSecretError)) throw err;
    throw new HttpError(400, err.reason === 'expired' ? err.message : UNREADABLE_OTP);
  }
}

/**
 * POST process/application/tenantConsent (the landlord) and process/user/application/tenantConsent (the official
 * who made an office application): the code the tenant gave them. A right code marks itself used
 * and the application consented (tenant_consented_at, grants_reach true) in one guarded statement, with its audit
 * line; the reply carries the tenant's family members and helpers for the Apply step. A wrong code 400 with the
 * tries left; an ended code (expired, used, 5 wrong tries) 409 asking for a resend; a code a resend replaced 409
 * asking for the latest one.
 */
export async function giveConsent(
  deps: ConsentDeps,
  who: ConsentAsker,
  body: { applid: number; otp: string },
): Promise<TenantConsentGiven> {
  const code = await openCode(deps.db, body.otp, who.now);
  const row = await refuseUnlessAwaiting(who, await readApplication(deps.db, body.applid));
  const check = await checkConsentCode(deps.db, { kind: 'application', applid: row.applid }, code, who.now);
  if (!check.ok) {
    if (check.reason === 'wrong') throw new HttpError(400, MESSAGES.consentWrongCode(check.triesLeft));
    if (check.reason === 'replaced') throw new HttpError(409, MESSAGES.consentCodeReplaced);
    throw new HttpError(409, MESSAGES.consentCodeEnded);
  }
  const now = who.now.toISOString();
  const audit = auditValues({
    ...who.audit,
    username: who.label,
    remark: `Application ${row.applid}: the tenant's consent confirmed by its code`,
  });
  const written = await deps.db.execute(sql`with used as (
  update application_consent_codes set used_at = ${now}::timestamptz
  where id = ${check.codeId}::bigint and used_at is null and expires_at > ${now}::timestamptz
  returning applid
), consented as (
  update applications set tenant_consented_at = ${now}::timestamptz, grants_reach = true,
    updated_at = ${now}::timestamptz
  where applid = (select applid from used) and logby = ${who.label}::text and deleted_at is null
    and not grants_reach and completed_at is null
  returning applid
), audit as (
  insert into log_records (kind, ip_address, remark, url, username, logdt)
  select 'workflow', ${audit.ipAddress}::text, ${audit.remark}::text, ${audit.url}::text, ${audit.username}::text,
    ${now}::timestamptz
  from consented
)
select applid::text as applid from consented`);
  if (rowsOf(written).length === 0) {
    // A withdraw, another confirmation or a resend came first: say what the application has become.
    await refuseUnlessAwaiting(who, await readApplication(deps.db, row.applid));
    throw new HttpError(409, MESSAGES.consentCodeEnded);
  }
  const people = (await peopleOf(deps.db, row.tenantId)) ?? { familyMembers: [], helpers: [] };
  return {
    message: MESSAGES.consentGiven,
    applid: row.applid,
    tenantConsent: 'given',
    tenantConsentedAt: now,
    ...people,
  };
}

/** What sending another code needs to know of its subject (an application, a rental unit). */
export interface AnotherCode {
  subject: ConsentSubject;
  /** Locks the subject's row in `tx`, so two resends at once are judged one after the other. */
  lock: (tx: Tx) => Promise<unknown>;
  /** Makes the code and keeps its message with `tx` (null: no channel on record). */
  keep: (tx: Tx) => Promise<SentConsentCode | null>;
  tooMany: (minutes: number) => string;
  noChannel: string;
  /** The audit line of a code sent again. */
  audit: { ip: string; url: string; username: string; remark: string };
}

/**
 * A new code for the subject (the earlier one ends), at most CONSENT_SEND_LIMIT per subject (429 past it), counted
 * while the subject's row is locked. A message the carrier refused ends its code and answers 503.
 */
export async function sendAnotherCode(deps: ConsentDeps, now: Date, another: AnotherCode): Promise<string> {
  const outcome = await deps.db.transaction(
    async (tx): Promise<{ wait: number } | { sent: SentConsentCode | null }> => {
      await another.lock(tx);
      const wait = await consentResendWait(tx, another.subject, now);
      if (wait > 0) return { wait };
      return { sent: await another.keep(tx) };
    },
  );
  if ('wait' in outcome) throw new HttpError(429, another.tooMany(outcome.wait));
  if (!outcome.sent) throw new HttpError(409, another.noChannel);
  if (!(await deliverConsentCode(deps, outcome.sent))) {
    await endConsentCode(deps.db, outcome.sent.codeId, now);
    throw new HttpError(503, OTP_MESSAGES.notSent);
  }
  await writeAuditLog(deps.db, { ...another.audit, kind: 'workflow', at: now });
  return outcome.sent.sentTo;
}

/**
 * POST process/application/tenantConsent/resend (and the official's process/user/... twin route): a new code to
 * the tenant (the earlier one ends), at most 4 codes per application in any 15 minutes (the first and 3 resends;
 * 429 past it). A message the carrier refused ends its code and answers 503.
 */
export async function resendConsent(
  deps: ConsentDeps,
  who: ConsentAsker,
  applid: number,
): Promise<TenantConsentResent> {
  const row = await refuseUnlessAwaiting(who, await readApplication(deps.db, applid));
  const sentTo = await sendAnotherCode(deps, who.now, {
    subject: { kind: 'application', applid: row.applid },
    lock: (tx) =>
      tx
        .select({ applid: applications.applid })
        .from(applications)
        .where(eq(applications.applid, applid))
        .for('update'),
    keep: (tx) => keepConsentCode(tx, deps, row.applid, who.now),
    tooMany: MESSAGES.consentTooManyResends,
    noChannel: MESSAGES.consentNoChannel,
    audit: {
      ...who.audit,
      username: who.label,
      remark: `Application ${row.applid}: the tenant's consent code sent again`,
    },
  });
  return {
    message: MESSAGES.consentCodeResent,
    applid: row.applid,
    tenantConsent: 'pending',
    consentCodeSentTo: sentTo,
  };
}
