import { z } from 'zod';
import { keyEncryptionKeySetting } from './security/key-encryption';
import { trustProxySetting } from './security/trusted-proxies';

const booleanish = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** A staff member reads a page for longer than this between calls; a shorter idle limit signs them out mid-task. */
export const SESSION_IDLE_FLOOR_MS = 60_000;

export const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATABASE_URL: z.string().url().optional(),
    DATA_DIR: z.string().min(1).default('./data'),
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
    if (c.NODE_ENV === 'production' && c.MRSS_CAPTCHA_FIXED) {
      ctx.addIssue({
        code: 'custom',
        path: ['MRSS_CAPTCHA_FIXED'],
        message: 'must not be set when NODE_ENV=production',
      });
    }
  });

export type Config = z.infer<typeof configSchema>;

/** Parses the environment once at start; throws a readable error naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** Demo data is seeded on the embedded database outside production, unless MRSS_SEED_DEMO says otherwise. */
export function shouldSeedDemo(c: Config): boolean {
  if (c.NODE_ENV === 'production') return false;
  return c.MRSS_SEED_DEMO ?? !c.DATABASE_URL;
}
