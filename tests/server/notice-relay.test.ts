import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outboxMessages } from '../../src/server/db/schema';
import { RELAY_GRACE_MS, RELAY_WINDOW_MS, relayKeptNotices } from '../../src/server/notify/notice-relay';
import { BOUNCING, useSmtpTestServer } from '../support/smtp-test-server';
import { useTestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';
import { unitNoticeSubject } from '../../src/server/services/rental-unit-notices';

// A process that dies between a step's commit and the hand-over to the mail server leaves the step's notice kept
// in the outbox and never sent. The relay sends such notices once, after a grace period and within a day; it
// leaves OTP messages, fresh notices (their own hand-over may still be running) and old ones alone.

const MINUTE = 60_000;

describe.each(testDatabases())('the relay of kept status notices on %s', (kind) => {
  const { env, received } = useSmtpTestServer();
  const t = useTestApp(kind, { env });

  /** Keeps a message as a crashed process would have left it: in the outbox, never handed over. */
  const keep = async (p: { ageMs: number; subject: string; to?: string; now: Date }) => {
    const [row] = await t.db
      .insert(outboxMessages)
      .values({
        channel: 'email',
        recipient: p.to ?? `relay.${p.ageMs}.${p.subject.length}@example.in`,
        subject: p.subject,
        body: `${p.subject}: body`,
        createdAt: new Date(p.now.getTime() - p.ageMs),
        transport: 'outbox',
      })
      .returning({ id: outboxMessages.id });
    return row.id;
  };
  const rowsOf = (ids: number[]) =>
    t.db.select().from(outboxMessages).where(inArray(outboxMessages.id, ids)).orderBy(outboxMessages.id);
  const deps = () => ({ db: t.db, config: t.config, clock: t.clock });

  it('hands over a notice a crash left behind, once; OTP messages, fresh and old notices stay', async () => {
    const now = new Date(Date.now() + 365 * 24 * 60 * MINUTE);
    const left = await keep({
      ageMs: RELAY_GRACE_MS + MINUTE,
      subject: 'MRSS Portal: application 901 status',
      now,
    });
    const fresh = await keep({
      ageMs: RELAY_GRACE_MS - MINUTE,
      subject: 'MRSS Portal: application 902 status',
      now,
    });
    const old = await keep({
      ageMs: RELAY_WINDOW_MS + MINUTE,
      subject: 'MRSS Portal: application 903 status',
      now,
    });
    const otp = await keep({ ageMs: RELAY_GRACE_MS + MINUTE, subject: 'MRSS Portal one-time password', now });
    // An official's change to a landlord's unit is a notice too (services/rental-unit-notices.ts).
    const unit = await keep({ ageMs: RELAY_GRACE_MS + MINUTE, subject: unitNoticeSubject('RU904'), now });

    expect(await relayKeptNotices(deps(), now)).toEqual({ sent: 2, failed: 0 });
    const [sentRow, ...untouched] = await rowsOf([left, fresh, old, otp]);
    expect(sentRow).toMatchObject({ transport: 'smtp', error: null });
    expect(sentRow.deliveredAt).not.toBeNull();
    expect((await rowsOf([unit]))[0]).toMatchObject({ transport: 'smtp', error: null });
    expect(received.filter((m) => m.raw.includes('rental unit RU904 changed'))).toHaveLength(1);
    for (const row of untouched)
      expect(row).toMatchObject({ transport: 'outbox', deliveredAt: null, error: null });
    expect(received.filter((m) => m.raw.includes('application 901 status'))).toHaveLength(1);

    // Nothing is sent twice: the next pass finds nothing to do.
    expect(await relayKeptNotices(deps(), now)).toEqual({ sent: 0, failed: 0 });
    expect(received.filter((m) => m.raw.includes('application 901 status'))).toHaveLength(1);
  });

  it('two passes at once send a notice once; a refusal is recorded and not retried', async () => {
    const now = new Date(Date.now() + 2 * 365 * 24 * 60 * MINUTE);
    const ids = [
      await keep({ ageMs: RELAY_GRACE_MS + MINUTE, subject: 'MRSS Portal: application 911 status', now }),
      await keep({ ageMs: RELAY_GRACE_MS + 2 * MINUTE, subject: 'MRSS Portal: application 912 status', now }),
    ];
    const bounced = await keep({
      ageMs: RELAY_GRACE_MS + MINUTE,
      subject: 'MRSS Portal: application 913 status',
      to: BOUNCING,
      now,
    });
    const passes = await Promise.all([relayKeptNotices(deps(), now), relayKeptNotices(deps(), now)]);
    expect(passes.reduce((n, p) => n + p.sent, 0)).toBe(2);
    expect(passes.reduce((n, p) => n + p.failed, 0)).toBe(1);
    for (const row of await rowsOf(ids)) expect(row).toMatchObject({ transport: 'smtp', error: null });
    for (const applid of [911, 912]) {
      expect(received.filter((m) => m.raw.includes(`application ${applid} status`))).toHaveLength(1);
    }
    const [refused] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.id, bounced));
    expect(refused).toMatchObject({ transport: 'smtp', deliveredAt: null });
    expect(refused.error).toContain('Mailbox unavailable');
    expect(await relayKeptNotices(deps(), now)).toEqual({ sent: 0, failed: 0 });
  });
});

describe('the relay without a carrier', () => {
  const t = useTestApp('pglite');
  it('does nothing: the outbox row is the delivery', async () => {
    const now = new Date();
    const [row] = await t.db
      .insert(outboxMessages)
      .values({
        channel: 'email',
        recipient: 'nobody@example.in',
        subject: 'MRSS Portal: application 921 status',
        body: 'kept',
        createdAt: new Date(now.getTime() - RELAY_GRACE_MS - MINUTE),
        transport: 'outbox',
      })
      .returning({ id: outboxMessages.id });
    expect(await relayKeptNotices({ db: t.db, config: t.config, clock: t.clock }, now)).toEqual({
      sent: 0,
      failed: 0,
    });
    const [after] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.id, row.id));
    expect(after).toMatchObject({ transport: 'outbox', error: null, deliveredAt: null });
  });
});
