import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { SMTPServer } from 'smtp-server';

/** A mail the test SMTP server accepted. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** The recipient the test SMTP server refuses ('Mailbox unavailable'), as a real server would bounce one. */
export const BOUNCING = 'bounce@mrss.example';

/**
 * A real SMTP server (smtp-server) on a free local port for one describe block: nodemailer holds a real SMTP
 * conversation with it. `env.MRSS_SMTP_URL` is set before the block's tests (hand `env` to useTestApp);
 * `received` collects every accepted mail.
 */
export function useSmtpTestServer(): { env: Record<string, string>; received: ReceivedMail[] } {
  const received: ReceivedMail[] = [];
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
  return { env, received };
}
