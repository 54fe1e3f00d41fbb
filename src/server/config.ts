import { z } from 'zod';
import { keyEncryptionKeySetting } from './security/key-encryption';
import { trustProxySetting } from './security/trusted-proxies';

const booleanish = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** A staff member reads a page for longer than this between calls; a shorter idle limit signs them out mid-task. */
export const SESSION_IDLE_FLOOR_MS = 60_000;

/** The shortest wait before a channel change asked by someone else applies: time for the person to notice it. */
export const CHANNEL_CHANGE_WAIT_FLOOR_MS = 24 * 60 * 60_000;

export const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATABASE_URL: z.string().url().optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    /**
     * The demonstration conveniences (docs/demo-and-production.md): the readable outbox, MRSS_CAPTCHA_FIXED, the demo
     * seed and password. Off unless asked for (`npm start` asks); refused with NODE_ENV=production.
     */
    MRSS_DEMO: booleanish.default(false),
    /** The portal's public address (scheme, host, port): every link the server writes starts with it. */
    MRSS_PUBLIC_URL: z.string().optional(),
    MRSS_DEMO_PASSWORD: z.string().min(8, 'MRSS_DEMO_PASSWORD must have at least 8 characters').optional(),
    MRSS_CAPTCHA_FIXED: z
      .string()
      .regex(/^[A-Za-z0-9]{4,8}$/, 'MRSS_CAPTCHA_FIXED must be 4-8 letters or digits')
      .optional(),
    MRSS_SEED_DEMO: booleanish.optional(),
    SESSION_IDLE_MS: z.coerce
      .number()
      .int()
      .min(
        SESSION_IDLE_FLOOR_MS,
        `must be at least ${SESSION_IDLE_FLOOR_MS} (one minute): shorter ends sessions while in use`,
      )
      .default(15 * 60_000),
    SESSION_ABSOLUTE_MS: z.coerce
      .number()
      .int()
      .positive()
      .default(8 * 60 * 60_000),
    /** Citizen keys (bought with an OTP) end after this long without a call, and at the absolute limit in any case. */
    CITIZEN_KEY_IDLE_MS: z.coerce
      .number()
      .int()
      .min(60_000)
      .default(30 * 60_000),
    CITIZEN_KEY_ABSOLUTE_MS: z.coerce
      .number()
      .int()
      .positive()
      .default(2 * 60 * 60_000),
    /** smtp(s)://user:pass@host:port: OTPs and notifications to an email address go out through it. */
    MRSS_SMTP_URL: z.string().url().optional(),
    /** The sender of those emails. */
    MRSS_SMTP_FROM: z.string().min(3).default('MRSS Portal <no-reply@mrss.invalid>'),
    /** An SMS gateway: messages to a mobile number are POSTed to it as JSON {to, text}. */
    MRSS_SMS_WEBHOOK_URL: z.string().url().optional(),
    /** How long a change of someone's OTP channel asked by another person is held before it applies. */
    MRSS_CHANNEL_CHANGE_WAIT_MS: z.coerce
      .number()
      .int()
      .min(
        CHANNEL_CHANGE_WAIT_FLOOR_MS,
        `must be at least ${CHANNEL_CHANGE_WAIT_FLOOR_MS} (24 hours): the person needs time to stop the change`,
      )
      .default(72 * 60 * 60_000),
    /** The tracker's service limit: days an official may hold an application before the tracker calls it overdue. */
    TRACKER_SERVICE_DAYS: z.coerce.number().int().min(1).max(365).default(15),
    /** Signs the clearance certificate's verification code (HMAC); unset in production = no certificates. */
    MRSS_CERTIFICATE_SECRET: z
      .string()
      .min(32, 'MRSS_CERTIFICATE_SECRET must have at least 32 characters')
      .optional(),
    /** Hop count or proxy addresses/CIDRs whose X-Forwarded-For is believed; `true` is refused. */
    TRUST_PROXY: trustProxySetting.default(false),
    /** Encrypts the server keys kept in the database (docs/secrets.md); required in production, or the _FILE form. */
    MRSS_KEY_ENCRYPTION_KEY: keyEncryptionKeySetting.optional(),
    MRSS_KEY_ENCRYPTION_KEY_FILE: z.string().min(1).optional(),
    /** The key being rotated out: still opens what it sealed, which is sealed again under the new key at start. */
    MRSS_KEY_ENCRYPTION_KEY_PREVIOUS: keyEncryptionKeySetting.optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .superRefine((c, ctx) => {
    if (c.SESSION_ABSOLUTE_MS < c.SESSION_IDLE_MS) {
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_ABSOLUTE_MS'],
        message: `must be at least SESSION_IDLE_MS (${c.SESSION_IDLE_MS}): the absolute limit is the longer one`,
      });
    }
    if (c.CITIZEN_KEY_ABSOLUTE_MS < c.CITIZEN_KEY_IDLE_MS) {
      ctx.addIssue({
        code: 'custom',
        path: ['CITIZEN_KEY_ABSOLUTE_MS'],
        message: `must be at least CITIZEN_KEY_IDLE_MS (${c.CITIZEN_KEY_IDLE_MS})`,
      });
    }
    for (const issue of demoIssues(c)) ctx.addIssue({ code: 'custom', ...issue });
  });

export type Config = z.infer<typeof configSchema>;

interface ConfigIssue {
  path: string[];
  message: string;
}

const DEMO_ONLY = 'only in demo mode (MRSS_DEMO=true, as `npm start` sets): ';

/**
 * The demo opt-in's rules (docs/demo-and-production.md): demo is never production, and the demo conveniences are
 * refused rather than silently ignored without it, so a forgotten variable cannot leave a server half-demo.
 */
function demoIssues(c: Config): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  if (c.MRSS_DEMO && c.NODE_ENV === 'production') {
    issues.push({
      path: ['MRSS_DEMO'],
      message:
        'demo mode publishes every one-time password at /dev/outbox: it is refused when NODE_ENV=production',
    });
  }
  if (!c.MRSS_DEMO) {
    if (c.MRSS_CAPTCHA_FIXED) {
      issues.push({
        path: ['MRSS_CAPTCHA_FIXED'],
        message: `${DEMO_ONLY}a fixed captcha answer lets robots through`,
      });
    }
    if (c.MRSS_SEED_DEMO) {
      issues.push({
        path: ['MRSS_SEED_DEMO'],
        message: `${DEMO_ONLY}the demo accounts have a known password`,
      });
    }
    if (c.MRSS_DEMO_PASSWORD) {
      issues.push({
        path: ['MRSS_DEMO_PASSWORD'],
        message: `${DEMO_ONLY}it is the password of the demo accounts`,
      });
    }
  }
  const urlProblem = c.MRSS_PUBLIC_URL ? publicUrlProblem(c.MRSS_PUBLIC_URL) : null;
  if (urlProblem) issues.push({ path: ['MRSS_PUBLIC_URL'], message: urlProblem });
  return issues;
}

/** Why a value is not a public address (an absolute http(s) URL with nothing after the host and port), or null. */
function publicUrlProblem(value: string): string | null {
  const example = 'e.g. https://mrss.example.gov.in';
  if (!URL.canParse(value)) return `must be an absolute URL, ${example}`;
  const url = new URL(value);
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return `must start with https:// or http://, ${example}`;
  if (url.username || url.password || url.search || url.hash || url.pathname !== '/') {
    return `must be only the scheme, host and port (no path, query, user or #fragment), ${example}`;
  }
  return null;
}

/**
 * What a production start needs (docs/demo-and-production.md): a way to deliver OTPs, the certificate signing key,
 * the public address, and PostgreSQL (the embedded database is for demos). Named all at once, not one per attempt.
 */
export function productionIssues(c: Config): ConfigIssue[] {
  if (c.NODE_ENV !== 'production') return [];
  const issues: ConfigIssue[] = [];
  if (!c.MRSS_SMTP_URL && !c.MRSS_SMS_WEBHOOK_URL) {
    issues.push({
      path: ['MRSS_SMTP_URL or MRSS_SMS_WEBHOOK_URL'],
      message: 'required in production: without a carrier no one-time password reaches anyone',
    });
  }
  if (!c.MRSS_CERTIFICATE_SECRET) {
    issues.push({
      path: ['MRSS_CERTIFICATE_SECRET'],
      message: 'required in production: it signs the certificates',
    });
  }
  if (!c.MRSS_PUBLIC_URL) {
    issues.push({
      path: ['MRSS_PUBLIC_URL'],
      message:
        'required in production: the address in certificate QR codes and messages, never read from a request',
    });
  }
  if (!c.DATABASE_URL) {
    issues.push({
      path: ['DATABASE_URL'],
      message: 'required in production: PostgreSQL (the embedded database is for demonstrations)',
    });
  }
  return issues;
}

function invalid(issues: { path: PropertyKey[]; message: string }[]): Error {
  const lines = issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
  return new Error(`Invalid configuration:\n${lines.join('\n')}`);
}

/**
 * Parses the environment once at start; throws a readable error naming every bad variable, and in production every
 * missing one.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) throw invalid(parsed.error.issues);
  const missing = productionIssues(parsed.data);
  if (missing.length > 0) throw invalid(missing);
  return parsed.data;
}

/** Demo data is seeded in demo mode only: on the embedded database, or wherever MRSS_SEED_DEMO=true asks. */
export function shouldSeedDemo(c: Config): boolean {
  if (!c.MRSS_DEMO) return false;
  return c.MRSS_SEED_DEMO ?? !c.DATABASE_URL;
}

/** The portal's public address without a trailing slash: MRSS_PUBLIC_URL, else (never in production) this machine. */
export function publicUrl(c: Config): string {
  return c.MRSS_PUBLIC_URL ? new URL(c.MRSS_PUBLIC_URL).origin : `http://localhost:${c.PORT}`;
}

/** The operator is warned at start when a one-time password has no way out (no carrier, no readable outbox). */
export function hasOtpCarrier(c: Config): boolean {
  return Boolean(c.MRSS_SMTP_URL || c.MRSS_SMS_WEBHOOK_URL);
}
