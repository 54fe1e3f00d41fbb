import { beforeEach, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { OTP_MESSAGES } from '../../src/contract/otp.contract';
import { outboxMessages, users } from '../../src/server/db/schema';
import { BOUNCING, useSmtpTestServer } from '../support/smtp-test-server';
import { requestOtpCall, validateOtpCall, type OtpTarget } from '../support/otp';
import { useTestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';

// Email delivery through a real SMTP conversation: nodemailer talks to an smtp-server started here.

const LANDLORD: OtpTarget = { subject: 'landlord', id: 'KHS2041137' };
const LANDLORD_EMAIL = 'banteilang.k@example.in';

/** The mail's text with quoted-printable soft line breaks joined again. */
const plain = (raw: string) => raw.replace(/=\r?\n/g, '');

describe.each(testDatabases())('OTP email through SMTP on %s', (kind) => {
  const { env, received } = useSmtpTestServer();
  const t = useTestApp(kind, { env });
  beforeEach(() => t.clock.advance(25 * 60 * 60_000));
  const newestOutboxRow = async () =>
    (await t.db.select().from(outboxMessages).orderBy(desc(outboxMessages.id)).limit(1))[0];

  it('hands the code to the mail server, records the delivery, and the mailed code works', async () => {
    const sent = await requestOtpCall(t.app, LANDLORD);
    expect(sent.statusCode).toBe(200);
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail.from).toBe('no-reply@mrss.invalid');
    expect(mail.to).toEqual([LANDLORD_EMAIL]);
    expect(plain(mail.raw)).toContain('Subject: MRSS Portal one-time password');
    const code = /one-time password is (\d{6})\. It is valid for 5 minutes\./.exec(plain(mail.raw))?.[1];
    expect(code).toMatch(/^\d{6}$/);

    // The outbox records the delivery with the code masked: reading the table gives no live code.
    const row = await newestOutboxRow();
    expect(row).toMatchObject({ transport: 'smtp', recipient: LANDLORD_EMAIL, error: null });
    expect(row.body).toBe(
      'Your MRSS Portal one-time password is ******. It is valid for 5 minutes. Do not share it with anyone.',
    );
    expect(row.deliveredAt).toBeInstanceOf(Date);
    expect((await validateOtpCall(t.app, LANDLORD, code ?? '')).statusCode).toBe(200);
  });

  it('asks the person to retry and ends the code when the mail server refuses the message', async () => {
    await t.db.update(users).set({ email: BOUNCING }).where(eq(users.username, 'verifier'));
    const before = received.length;
    const sent = await requestOtpCall(t.app, { subject: 'user', id: 'verifier' });
    expect(sent.statusCode).toBe(503);
    expect(sent.json().message).toBe('Server Error: Please try again!');
    expect(received).toHaveLength(before);
    const row = await newestOutboxRow();
    expect(row).toMatchObject({ transport: 'smtp', recipient: BOUNCING, deliveredAt: null });
    expect(row.error).toContain('Mailbox unavailable');
    // The code was never delivered, and no code works: the challenge was ended.
    const refused = await validateOtpCall(
      t.app,
      { subject: 'user', id: 'verifier', challenge: 'never-sent' },
      '000000',
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(OTP_MESSAGES.refused);
  });

  it('keeps SMS in the outbox when no gateway is configured', async () => {
    const sent = await requestOtpCall(t.app, { subject: 'landlord', id: 'KHS1120394' });
    expect(sent.json().channel).toBe('sms');
    expect(await newestOutboxRow()).toMatchObject({ transport: 'outbox', recipient: '9774023318' });
  });
});
