import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema';
import { ensureDemo, PASSWORD_UNKNOWN_NOTE } from '../../src/server/db/seed/demo-login';
import { verifyPassword } from '../../src/server/security/passwords';
import { testConfig } from '../support/test-app';
import { createTestDatabase, testDatabases, type TestDatabase } from '../support/test-db';

// The start-up banner prints a demo password only when it works. Before, every start on PostgreSQL without
// MRSS_DEMO_PASSWORD printed a new random password while the accounts kept the first one.

describe.each(testDatabases())('the demo password in the start-up banner on %s', (kind) => {
  let database: TestDatabase;
  let dataDir: string;
  beforeAll(async () => {
    database = await createTestDatabase(kind, { demo: false });
    dataDir = mkdtempSync(path.join(tmpdir(), 'mrss-demo-login-'));
  });
  afterAll(async () => {
    await database?.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const adminAccepts = async (password: string) => {
    const [admin] = await database.db.select().from(users).where(eq(users.username, 'admin'));
    return verifyPassword(admin.passwordHash, password);
  };
  const passwordFile = () => path.join(dataDir, 'demo-password.txt');
  // The banner's choices depend on the deployment: a DATABASE_URL means no remembered file (replicas share none).
  const embedded = () => testConfig({ NODE_ENV: 'development', DATA_DIR: dataDir });
  const onPostgres = () =>
    testConfig({ NODE_ENV: 'development', DATA_DIR: dataDir, DATABASE_URL: 'postgres://db.example/mrss' });

  it('seeds once with a random password that works, and on PostgreSQL later starts say it is unchanged', async () => {
    const first = await ensureDemo(database.db, onPostgres());
    expect(first.password).toMatch(/^[\w-]{12}$/);
    expect(await adminAccepts(first.password!)).toBe(true);
    expect(existsSync(passwordFile())).toBe(false);

    const later = await ensureDemo(database.db, onPostgres());
    expect(later).toMatchObject({ password: null, note: PASSWORD_UNKNOWN_NOTE });
    expect(await adminAccepts(first.password!)).toBe(true);
  });

  it('applies MRSS_DEMO_PASSWORD to every demo account and prints it', async () => {
    const chosen = await ensureDemo(database.db, {
      ...onPostgres(),
      MRSS_DEMO_PASSWORD: 'Chosen-demo-pass-9',
    });
    expect(chosen.password).toBe('Chosen-demo-pass-9');
    const demo = await database.db.select().from(users);
    for (const account of demo.filter((u) => chosen.accounts.some((a) => a.username === u.username)))
      expect(await verifyPassword(account.passwordHash, 'Chosen-demo-pass-9'), account.username).toBe(true);
  });

  it('remembers the password on the embedded database, and prints it only while the accounts accept it', async () => {
    const chosen = await ensureDemo(database.db, { ...embedded(), MRSS_DEMO_PASSWORD: 'Remembered-pass-7' });
    expect(chosen.password).toBe('Remembered-pass-7');
    expect(readFileSync(passwordFile(), 'utf8')).toBe('Remembered-pass-7\n');
    expect(statSync(passwordFile()).mode & 0o777).toBe(0o600);

    expect((await ensureDemo(database.db, embedded())).password).toBe('Remembered-pass-7');

    rmSync(passwordFile());
    expect(await ensureDemo(database.db, embedded())).toMatchObject({
      password: null,
      note: PASSWORD_UNKNOWN_NOTE,
    });
    expect(await adminAccepts('Remembered-pass-7')).toBe(true);

    // A remembered password the accounts no longer take (changed since) is not printed either.
    writeFileSync(passwordFile(), 'Outdated-pass-3\n');
    expect((await ensureDemo(database.db, embedded())).password).toBeNull();
  });
});
