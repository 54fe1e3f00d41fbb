import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { desc } from 'drizzle-orm';
import { outboxMessages } from '../../src/server/db/schema';
import { requestOtpCall, validateOtpCall, type OtpTarget } from '../support/otp';
import { useTestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';

// SMS delivery through the gateway webhook: a real local HTTP server started here plays the gateway.

/** A demo landlord with no email: codes go to the mobile. */
const LANDLORD: OtpTarget = { subject: 'landlord', id: 'KHS1120394' };
const MOBILE = '9774023318';

interface GatewayCall {
  method: string;
  path: string;
  contentType: string;
  body: unknown;
}

describe.each(testDatabases())('OTP SMS through the gateway webhook on %s', (kind) => {
  const calls: GatewayCall[] = [];
  /** How the gateway answers the next calls: a status, or never (to reach the 5 s timeout). */
  let answer: number | 'never' = 200;
  const gateway = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      calls.push({
        method: request.method ?? '',
        path: request.url ?? '',
        contentType: request.headers['content-type'] ?? '',
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
      });
      if (answer === 'never') return;
      response.writeHead(answer, { 'content-type': 'application/json' }).end('{"queued":true}');
    });
  });
  const env: Record<string, string> = {};
  beforeAll(async () => {
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    env.MRSS_SMS_WEBHOOK_URL = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/sms/send`;
  });
  afterAll(async () => {
    gateway.closeAllConnections();
    await new Promise<void>((resolve) => gateway.close(() => resolve()));
  });
  const t = useTestApp(kind, { env });
  beforeEach(() => {
    answer = 200;
    t.clock.advance(25 * 60 * 60_000);
  });
  const newestOutboxRow = async () =>
    (await t.db.select().from(outboxMessages).orderBy(desc(outboxMessages.id)).limit(1))[0];

  it('POSTs {to, text} to the gateway, records the delivery, and the texted code works', async () => {
    const sent = await requestOtpCall(t.app, LANDLORD);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().channel).toBe('sms');
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call).toMatchObject({ method: 'POST', path: '/sms/send', contentType: 'application/json' });
    const body = call.body as { to: string; text: string };
    expect(Object.keys(body).sort()).toEqual(['text', 'to']);
    expect(body.to).toBe(MOBILE);
    const code = /^Your MRSS Portal one-time password is (\d{6})\. It is valid for 5 minutes\./.exec(
      body.text,
    )?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const row = await newestOutboxRow();
    expect(row).toMatchObject({ transport: 'sms-webhook', recipient: MOBILE, error: null });
    expect(row.body).toContain('one-time password is ******.');
    expect(row.deliveredAt).toBeInstanceOf(Date);
    expect((await validateOtpCall(t.app, LANDLORD, code ?? '')).statusCode).toBe(200);
  });

  it('asks the person to retry when the gateway refuses, and records why', async () => {
    answer = 500;
    const sent = await requestOtpCall(t.app, LANDLORD);
    expect(sent.statusCode).toBe(503);
    expect(sent.json().message).toBe('Server Error: Please try again!');
    expect(await newestOutboxRow()).toMatchObject({
      transport: 'sms-webhook',
      deliveredAt: null,
      error: 'SMS gateway answered 500',
    });
  });

  it('gives up on a gateway that does not answer within 5 seconds', async () => {
    answer = 'never';
    const began = Date.now();
    const sent = await requestOtpCall(t.app, LANDLORD);
    const waited = Date.now() - began;
    expect(sent.statusCode).toBe(503);
    // It waited for the gateway before giving up. How soon after the 5 s it answered is the machine's speed, not
    // behaviour: a gateway it never gave up on would hang this test until its timeout instead.
    expect(waited).toBeGreaterThanOrEqual(4_900);
    const row = await newestOutboxRow();
    expect(row.deliveredAt).toBeNull();
    expect(row.error).toMatch(/timeout|aborted/i);
  }, 15_000);

  it('keeps email in the outbox when no SMTP server is configured', async () => {
    const sent = await requestOtpCall(t.app, { subject: 'landlord', id: 'KHS2041137' });
    expect(sent.json().channel).toBe('email');
    expect(await newestOutboxRow()).toMatchObject({
      transport: 'outbox',
      recipient: 'banteilang.k@example.in',
    });
  });
});
