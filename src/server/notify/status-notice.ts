import { eq } from 'drizzle-orm';
import { FLOW_TEXTS, trackerView, type FlowStep, type StatusCode } from '../../../machines/application';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Db, Tx } from '../db/client';
import { applications, landlords, outboxMessages } from '../db/schema';
import type { Carrier, MessageChannel } from './message';
import { PORTAL_NAME } from './otp-message';
import { smsWebhookCarrier } from './sms-webhook-carrier';
import { smtpCarrier } from './smtp-carrier';

// Status notifications to the landlord (docs/notifications.md). Every workflow step keeps its message in
// outbox_messages inside the step's own statement (workflow-write.ts uses statusNoticeInsert below), so a step
// and its message commit or vanish together. After the commit, deliverStatusNotice hands the kept message to the
// channel's carrier (SMTP, SMS webhook); a carrier that refuses is recorded on the row and never fails the step.

/** Where the landlord's EPIC number goes in a notice body; the statement puts the stored EPIC there. */
export const EPIC_SLOT = '{landlord-epic}';

/** What a step tells the landlord, in the tracker's (the spec's) status words. */
export function statusWords(step: string, status: StatusCode): string {
  switch (step) {
    case 'certified':
      return 'Application has been approved and the clearance certificate has been issued.';
    case 'deleted':
      return 'Application has been deleted.';
    case 'cancelled':
      return `${FLOW_TEXTS.cancelled}.`;
    default:
      return trackerView(status).message;
  }
}

export interface StatusNoticeText {
  subject: string;
  /** The body with EPIC_SLOT where the landlord's EPIC number goes. */
  body: string;
}

/**
 * The notice of one step: what happened and how to track it (the landing page's Track Application with the
 * application ID and the landlord's EPIC number), nothing else about anyone: no names, no address, no remarks.
 */
export function statusNoticeText(applid: number, step: string, status: StatusCode): StatusNoticeText {
  return {
    subject: `${PORTAL_NAME}: application ${applid} status`,
    body:
      `${PORTAL_NAME}, application ${applid}: ${statusWords(step, status)} ` +
      `To follow it, open Track Application on the ${PORTAL_NAME} home page with application ID ${applid} ` +
      `and your landlord EPIC number ${EPIC_SLOT}.`,
  };
}

/**
 * The INSERT ... SELECT that keeps one notice in the outbox, for a statement that has the application's
 * `landlord_id` in `source` (a CTE or table alias). Email when the landlord has an address, else SMS to the mobile
 * (the OTP rule, otpDestination); no row when neither is on record. `subject`, `body` and `at` are SQL
 * placeholders (e.g. '$23::text'). RETURNING gives id, channel, recipient, subject, body.
 */
export function statusNoticeInsert(source: string, p: { subject: string; body: string; at: string }): string {
  const email = `nullif(btrim(l.email), '')`;
  const mobile = `nullif(btrim(l.mobile), '')`;
  return `insert into outbox_messages (channel, recipient, subject, body, created_at, transport)
  select case when ${email} is not null then 'email' else 'sms' end, coalesce(${email}, ${mobile}), ${p.subject},
    replace(${p.body}, '${EPIC_SLOT}', l.epic_no), ${p.at}, 'outbox'
  from ${source} join landlords l on l.id = ${source}.landlord_id
  where ${p.body} is not null and coalesce(${email}, ${mobile}) is not null
  returning id, channel, recipient, subject, body`;
}

/** The columns a statement selects from statusNoticeInsert's RETURNING, kept in a CTE named `notice`. */
export const NOTICE_COLUMNS = `notice.id::text as "noticeId", notice.channel as "noticeChannel",
  notice.recipient as "noticeTo", notice.subject as "noticeSubject", notice.body as "noticeText"`;

/** NOTICE_COLUMNS as a row holds them (all null when the landlord has neither email nor mobile). */
export interface NoticeColumns {
  noticeId: string | null;
  noticeChannel: string | null;
  noticeTo: string | null;
  noticeSubject: string | null;
  noticeText: string | null;
}

/** The kept notice a statement's NOTICE_COLUMNS name, or null when it kept none. */
export function noticeOfColumns(row: NoticeColumns): KeptNotice | null {
  if (row.noticeId === null) return null;
  return keptNotice({
    id: row.noticeId,
    channel: row.noticeChannel ?? '',
    recipient: row.noticeTo ?? '',
    subject: row.noticeSubject ?? '',
    body: row.noticeText ?? '',
  });
}

/** A notice kept in the outbox and not yet handed to a carrier. */
export interface KeptNotice {
  outboxId: number;
  channel: MessageChannel;
  to: string;
  subject: string;
  text: string;
}

export interface StatusNoticeDeps {
  db: Db;
  config: Pick<Config, 'MRSS_SMTP_URL' | 'MRSS_SMTP_FROM' | 'MRSS_SMS_WEBHOOK_URL'>;
  clock: Clock;
  /** Replaces the carriers the config names (tests). */
  carriers?: Partial<Record<MessageChannel, Carrier>>;
  /** Where a failed hand-over is told (the request's logger); it is recorded on the outbox row either way. */
  log?: (message: string) => void;
}

const carriersByConfig = new WeakMap<object, Partial<Record<MessageChannel, Carrier>>>();

/** The carriers the config asks for, built once per config (a nodemailer transport keeps its connections). */
export function carriersOf(deps: StatusNoticeDeps): Partial<Record<MessageChannel, Carrier>> {
  if (deps.carriers) return deps.carriers;
  let carriers = carriersByConfig.get(deps.config);
  if (!carriers) {
    const { MRSS_SMTP_URL, MRSS_SMTP_FROM, MRSS_SMS_WEBHOOK_URL } = deps.config;
    carriers = {
      email: MRSS_SMTP_URL ? smtpCarrier(MRSS_SMTP_URL, MRSS_SMTP_FROM) : undefined,
      sms: MRSS_SMS_WEBHOOK_URL ? smsWebhookCarrier(MRSS_SMS_WEBHOOK_URL) : undefined,
    };
    carriersByConfig.set(deps.config, carriers);
  }
  return carriers;
}

export type NoticeOutcome = { delivered: true; transport: string } | { delivered: false; error: string };

/**
 * Hands a kept notice to its channel's carrier, after the step committed, and records the outcome on the row
 * (transport, delivered_at or error). Without a carrier the outbox row is the delivery and nothing more happens.
 * Never throws: the official's step is done whatever the mail server says.
 */
export async function deliverStatusNotice(
  deps: StatusNoticeDeps,
  notice: KeptNotice,
): Promise<NoticeOutcome> {
  const carrier = carriersOf(deps)[notice.channel];
  if (!carrier) return { delivered: true, transport: 'outbox' };
  const now = () => deps.clock.now();
  try {
    await carrier.deliver({
      channel: notice.channel,
      to: notice.to,
      subject: notice.subject,
      text: notice.text,
    });
    await deps.db
      .update(outboxMessages)
      .set({ transport: carrier.transport, deliveredAt: now(), error: null })
      .where(eq(outboxMessages.id, notice.outboxId));
    return { delivered: true, transport: carrier.transport };
  } catch (err) {
    const error = (err instanceof Error ? err.message : String(err)).slice(0, 500);
    deps.log?.(
      `Status notice ${notice.outboxId} to the landlord was not delivered by ${carrier.transport}: ${error}`,
    );
    await deps.db
      .update(outboxMessages)
      .set({ transport: carrier.transport, error })
      .where(eq(outboxMessages.id, notice.outboxId))
      .catch(() => undefined);
    return { delivered: false, error };
  }
}

/** Email when the landlord has an address, else SMS to the mobile (otpDestination's rule); null without either. */
function destinationOf(p: {
  email: string | null;
  mobile: string | null;
}): { channel: MessageChannel; to: string } | null {
  if (p.email?.trim()) return { channel: 'email', to: p.email.trim() };
  if (p.mobile?.trim()) return { channel: 'sms', to: p.mobile.trim() };
  return null;
}

/**
 * Keeps a notice to a person in the outbox, with `db` or the caller's transaction: email when it has an address,
 * else SMS to the mobile (the OTP rule); null when it has neither.
 */
export async function keepNoticeFor(
  db: Db | Tx,
  person: { email: string | null; mobile: string | null },
  text: { subject: string; body: string },
  at: Date,
): Promise<KeptNotice | null> {
  const destination = destinationOf(person);
  if (!destination) return null;
  return keepNoticeRow(db, { channel: destination.channel, recipient: destination.to, ...text }, at);
}

/**
 * Runs `work` in one transaction and hands the notice it kept (if any) to the carrier after the commit, without
 * making the caller wait for the carrier: the change and its notice commit or vanish together.
 */
export async function commitThenDeliver<T>(
  deps: StatusNoticeDeps,
  work: (tx: Tx) => Promise<{ result: T; notice: KeptNotice | null }>,
): Promise<T> {
  const { result, notice } = await deps.db.transaction(work);
  if (notice) void deliverStatusNotice(deps, notice);
  return result;
}

/** Writes a notice row to the outbox (for the relay or the carrier after the commit). */
async function keepNoticeRow(
  db: Db | Tx,
  notice: { channel: 'email' | 'sms'; recipient: string; subject: string; body: string },
  at: Date,
): Promise<KeptNotice> {
  const [row] = await db
    .insert(outboxMessages)
    .values({ ...notice, createdAt: at, transport: 'outbox' })
    .returning({
      id: outboxMessages.id,
      channel: outboxMessages.channel,
      recipient: outboxMessages.recipient,
      subject: outboxMessages.subject,
      body: outboxMessages.body,
    });
  return keptNotice(row);
}

/** Reads the RETURNING row of statusNoticeInsert (or keepNoticeRow's). */
export function keptNotice(row: {
  id: number | string;
  channel: string;
  recipient: string;
  subject: string;
  body: string;
}): KeptNotice {
  return {
    outboxId: Number(row.id),
    channel: row.channel as MessageChannel,
    to: row.recipient,
    subject: row.subject,
    text: row.body,
  };
}

/**
 * Notifies the landlord of an application's status outside a workflow step (the creation path: step 'submitted'):
 * keeps the notice in the outbox with `db` (pass the creating transaction to tie the two together) and, unless
 * `deliver` is false (then the caller delivers the returned notice after its commit), hands it to the carrier.
 * Null when the landlord has neither email nor mobile on record, or the application does not exist.
 */
export async function notifyApplicationStatus(
  deps: StatusNoticeDeps,
  notice: { applid: number; step: FlowStep; status: StatusCode; deliver?: boolean },
): Promise<KeptNotice | null> {
  const text = statusNoticeText(notice.applid, notice.step, notice.status);
  const [landlord] = await deps.db
    .select({ epicNo: landlords.epicNo, email: landlords.email, mobile: landlords.mobile })
    .from(applications)
    .innerJoin(landlords, eq(landlords.id, applications.landlordId))
    .where(eq(applications.applid, notice.applid));
  if (!landlord) return null;
  const kept = await keepNoticeFor(
    deps.db,
    landlord,
    { subject: text.subject, body: text.body.replace(EPIC_SLOT, landlord.epicNo) },
    deps.clock.now(),
  );
  if (!kept) return null;
  if (notice.deliver !== false) await deliverStatusNotice(deps, kept);
  return kept;
}
