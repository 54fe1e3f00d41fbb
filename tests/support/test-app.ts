import { afterAll, beforeAll } from 'vitest';
import { buildApp, type App } from '../../src/server/app';
import { type Clock } from '../../src/server/clock';
import { configSchema, type Config } from '../../src/server/config';
import { completeDeps, type AppDeps } from '../../src/server/deps';
import type { Db } from '../../src/server/db/client';
import {
  createTestDatabase,
  type TestDatabase,
  type TestDatabaseKind,
  type TestDatabaseOptions,
} from './test-db';

/** The captcha answer every test app accepts (MRSS_CAPTCHA_FIXED). */
export const TEST_CAPTCHA = 'TEST42';

/** A clock the test moves by hand, to reach idle and absolute expiry without waiting. */
export class TestClock implements Clock {
  private at = Date.now();
  now(): Date {
    return new Date(this.at);
  }
  advance(ms: number): void {
    this.at += ms;
  }
}

/** The key-encryption key of every test app (docs/secrets.md): fixed, so apps on one database agree. */
export const TEST_KEY_ENCRYPTION_KEY = Buffer.alloc(32, 7).toString('base64');

/**
 * The demo opt-in every test app has unless a suite says otherwise (`env: NOT_DEMO`): the suites read citizens'
 * OTPs from the outbox (tests/support/otp.ts) and type the fixed captcha, both demo conveniences
 * (docs/demo-and-production.md). Staff OTPs are not in the outbox even so: read them from a test SMTP server.
 */
export const TEST_DEMO_ENV = { MRSS_DEMO: 'true', MRSS_CAPTCHA_FIXED: TEST_CAPTCHA } as const;

/** A suite's env for a server started as a deployment is: no demo, so no readable outbox and no fixed captcha. */
export const NOT_DEMO = { MRSS_DEMO: 'false', MRSS_CAPTCHA_FIXED: undefined } as const;

export function testConfig(env: Record<string, string | undefined> = {}): Config {
  return configSchema.parse({
    NODE_ENV: 'test',
    ...TEST_DEMO_ENV,
    MRSS_KEY_ENCRYPTION_KEY: TEST_KEY_ENCRYPTION_KEY,
    LOG_LEVEL: 'silent',
    ...env,
  });
}

export interface TestApp {
  kind: TestDatabaseKind;
  app: App;
  db: Db;
  clock: TestClock;
  config: Config;
}

export interface TestAppOptions extends TestDatabaseOptions {
  env?: Record<string, string | undefined>;
  /** Called after buildApp and before the app is ready: the place to add a probe route. */
  extend?: (app: App, deps: AppDeps) => void;
}

/** Starts a fresh database and app before the suite and disposes both after it. Read fields inside tests. */
export async function startTestApp(
  kind: TestDatabaseKind,
  options: TestAppOptions = {},
): Promise<TestApp & { close(): Promise<void> }> {
  const database: TestDatabase = await createTestDatabase(kind, options);
  const config = testConfig(options.env);
  const clock = new TestClock();
  const app = await buildApp({ db: database.db, config, clock });
  options.extend?.(app, completeDeps({ db: database.db, config, clock }));
  await app.ready();
  return {
    kind,
    app,
    db: database.db,
    clock,
    config,
    close: async () => {
      await app.close();
      await database.dispose();
    },
  };
}

/** Suite hooks around startTestApp: `const t = useTestApp(kind)`, then `t.app` inside tests. */
export function useTestApp(kind: TestDatabaseKind, options: TestAppOptions = {}): TestApp {
  const holder = {} as TestApp & { close?: () => Promise<void> };
  beforeAll(async () => {
    Object.assign(holder, await startTestApp(kind, options));
  });
  afterAll(async () => {
    await holder.close?.();
  });
  return holder;
}
