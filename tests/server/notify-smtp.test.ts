import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { desc, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { outboxMessages, users } from '../../src/server/db/schema';
import { requestOtpCall, validateOtpCall, type OtpTarget } from '../support/otp';
import { useTestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';

// Email delivery through a real SMTP conversation: nodemailer talks to an smtp-server started here.

interface Received {
  from: string;
  to: string[];
  raw: string;
}

const LANDLORD: OtpTarget = { subject: 'landlord', id: 'KHS2041137' };
const LANDLORD_EMAIL = 'banteilang.k@example.in';
const BOUNCING = 'bounce@mrss.example';

/** The mail's text with quoted-printable soft line breaks joined again. */
const plain = (raw: string) => raw.replace(/=\r?\n/g, '');

describe.each(testDatabases())('OTP email through SMTP on %s', (kind) => {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address === BOUNCING) callback(new Error('Mailbox unavailable'));
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mailFrom = session.envelope.mailFrom;
        received.push({
          from: mailFrom ? mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  const env: Record<string, string> = {};
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    env.MRSS_SMTP_URL = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
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
    const refused = await validateOtpCall(t.app, { subject: 'user', id: 'verifier' }, '000000');
    expect(refused.json().message).toBe('This OTP has expired. Please request a new one.');
  });

  it('keeps SMS in the outbox when no gateway is configured', async () => {
    const sent = await requestOtpCall(t.app, { subject: 'landlord', id: 'KHS1120394' });
    expect(sent.json().channel).toBe('sms');
    expect(await newestOutboxRow()).toMatchObject({ transport: 'outbox', recipient: '9774023318' });
  });
});
