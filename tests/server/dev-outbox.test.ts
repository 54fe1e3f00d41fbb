import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_BASE } from '../../src/contract/api';
import { OUTBOX_PAGE_SIZE } from '../../src/contract/otp.contract';
import { buildApp, type App } from '../../src/server/app';
import { configSchema } from '../../src/server/config';
import { keepInOutbox } from '../../src/server/notify/outbox';
import { readOutbox } from '../support/otp';
import { TEST_KEY_ENCRYPTION_KEY, useTestApp } from '../support/test-app';
import { createTestDatabase, testDatabases, type TestDatabase } from '../support/test-db';

const message = (to: string, text: string) => ({ channel: 'email' as const, to, subject: 'Subject', text });

describe.each(testDatabases())('development outbox on %s', (kind) => {
  const t = useTestApp(kind, { demo: false });

  it('lists the newest 50 messages first, with only to, channel, subject, text and time', async () => {
    for (let i = 0; i < OUTBOX_PAGE_SIZE + 5; i++) {
      t.clock.advance(1000);
      await keepInOutbox(t.db, message(`person${i % 3}@example.in`, `message ${i}`), 'outbox', t.clock.now());
    }
    const all = await readOutbox(t.app);
    expect(all).toHaveLength(OUTBOX_PAGE_SIZE);
    expect(all[0]).toEqual({
      to: 'person0@example.in',
      channel: 'email',
      subject: 'Subject',
      text: `message ${OUTBOX_PAGE_SIZE + 4}`,
      createdAt: t.clock.now().toISOString(),
    });
    expect(all.map((m) => m.text)).toEqual(
      Array.from({ length: OUTBOX_PAGE_SIZE }, (_, i) => `message ${OUTBOX_PAGE_SIZE + 4 - i}`),
    );
    const toOne = await readOutbox(t.app, 'person1@example.in');
    expect(toOne.length).toBeGreaterThan(0);
    expect(toOne.every((m) => m.to === 'person1@example.in')).toBe(true);
  });

  it('shows the messages on a plain page, every value escaped', async () => {
    await keepInOutbox(
      t.db,
      message('<script>alert(1)</script>@example.in', 'Code "1" & <b>bold</b>'),
      'outbox',
      t.clock.now(),
    );
    const page = await t.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;@example.in');
    expect(page.body).toContain('Code &quot;1&quot; &amp; &lt;b&gt;bold&lt;/b&gt;');
    expect(page.body).not.toContain('<script');
    const filtered = await t.app.inject({ method: 'GET', url: '/dev/outbox?to=person2%40example.in' });
    expect(filtered.body).toContain('Outbox: messages to person2@example.in');
    expect(filtered.body).not.toContain('person1@example.in');
  });
});

describe.each(testDatabases())('development outbox in production on %s', (kind) => {
  let database: TestDatabase;
  let app: App;
  let webRoot: string;
  beforeAll(async () => {
    database = await createTestDatabase(kind, { demo: false });
    // A built web app is present, so the history fallback is live: the outbox must not fall through to it.
    webRoot = mkdtempSync(path.join(tmpdir(), 'mrss-web-'));
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>MRSS</title>');
    const config = configSchema.parse({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      MRSS_KEY_ENCRYPTION_KEY: TEST_KEY_ENCRYPTION_KEY,
    });
    app = await buildApp({ db: database.db, config, webRoot });
    await app.ready();
    await keepInOutbox(database.db, message('someone@example.in', 'secret 123456'), 'outbox', new Date());
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('answers 404 for the JSON and the page', async () => {
    expect((await app.inject({ method: 'GET', url: '/some-page' })).statusCode).toBe(200);
    const json = await app.inject({ method: 'GET', url: `${API_BASE}/dev/outbox` });
    expect(json.statusCode).toBe(404);
    const page = await app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(page.statusCode).toBe(404);
    expect(page.body).not.toContain('123456');
    expect(page.body).not.toContain('<title>MRSS</title>');
  });
});
