import { createPrivateKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/server/app';
import { configSchema } from '../../src/server/config';
import { serverKeys } from '../../src/server/db/schema';
import {
  GENERATED_KEY_FILE,
  keyId,
  KeyEncryptionError,
  resolveKeyEncryptionKeys,
} from '../../src/server/security/key-encryption';
import { signInStaff } from '../support/staff-signin';
import { TEST_KEY_ENCRYPTION_KEY, testConfig } from '../support/test-app';
import { createTestDatabase, testDatabases, type TestDatabase } from '../support/test-db';

// Issue 20, section 3: the RSA private key of password transport (and the secrets derived from it: the
// trusted-device cookie and OTP hash keys) sat in plain text in server_keys, so every backup carried it.

const keyA = TEST_KEY_ENCRYPTION_KEY;
const keyB = randomBytes(32).toString('base64');
const idOf = (base64: string) => keyId(Buffer.from(base64, 'base64'));

describe.each(testDatabases())('server keys encrypted at rest on %s', (kind) => {
  let database: TestDatabase;
  const apps: App[] = [];
  const start = async (env: Record<string, string>) => {
    const app = await buildApp({ db: database.db, config: testConfig(env) });
    apps.push(app);
    return app;
  };
  const storedRow = async () =>
    (await database.db.select().from(serverKeys).where(eq(serverKeys.id, 'transport')))[0];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database?.dispose();
  });

  it('stores a new private key sealed: no PEM, no PKCS#8 bytes, nothing a key parser reads', async () => {
    const app = await start({ MRSS_KEY_ENCRYPTION_KEY: keyA });
    const row = await storedRow();
    expect(row.privateKeyPkcs8).toMatch(new RegExp(`^aes-256-gcm:${idOf(keyA)}:`));
    expect(row.privateKeyPkcs8).not.toMatch(/BEGIN|PRIVATE KEY|^MII/);
    const asDer = Buffer.from(row.privateKeyPkcs8, 'base64');
    expect(() => createPrivateKey({ key: asDer, format: 'der', type: 'pkcs8' })).toThrow();
    // The server itself still opens it: a staff member signs in through the transport key.
    expect((await signInStaff(app, 'admin')).accessToken).toBeTruthy();
  });

  it('refuses to start with another key, saying which key the database needs and how to rotate', async () => {
    const refusal = start({ MRSS_KEY_ENCRYPTION_KEY: keyB });
    await expect(refusal).rejects.toBeInstanceOf(KeyEncryptionError);
    await expect(refusal).rejects.toThrow(
      new RegExp(
        `encrypted under key ${idOf(keyA)}, and this server has ${idOf(keyB)}.*MRSS_KEY_ENCRYPTION_KEY_PREVIOUS`,
      ),
    );
  });

  it('rotates: the new key with the old one as previous seals the same private key again under the new key', async () => {
    const before = await storedRow();
    const app = await start({ MRSS_KEY_ENCRYPTION_KEY: keyB, MRSS_KEY_ENCRYPTION_KEY_PREVIOUS: keyA });
    const after = await storedRow();
    expect(after.privateKeyPkcs8).toMatch(new RegExp(`^aes-256-gcm:${idOf(keyB)}:`));
    expect(after.publicKeySpki).toBe(before.publicKeySpki);
    expect((await signInStaff(app, 'admin')).accessToken).toBeTruthy();
    // Once rotated, the new key alone opens it, and the old one alone no longer does.
    await expect(start({ MRSS_KEY_ENCRYPTION_KEY: keyB })).resolves.toBeTruthy();
    await expect(start({ MRSS_KEY_ENCRYPTION_KEY: keyA })).rejects.toThrow(/encrypted under key/);
  });

  it('seals a row written in plain text before, once, even with replicas starting together', async () => {
    const pair = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'der' },
      privateKeyEncoding: { type: 'pkcs8', format: 'der' },
    });
    const plain = pair.privateKey.toString('base64');
    await database.db
      .update(serverKeys)
      .set({ publicKeySpki: pair.publicKey.toString('base64'), privateKeyPkcs8: plain })
      .where(eq(serverKeys.id, 'transport'));
    const replicas = await Promise.all([1, 2, 3].map(() => start({ MRSS_KEY_ENCRYPTION_KEY: keyB })));
    const row = await storedRow();
    expect(row.privateKeyPkcs8).toMatch(new RegExp(`^aes-256-gcm:${idOf(keyB)}:`));
    expect(row.privateKeyPkcs8).not.toContain(plain.slice(0, 64));
    for (const replica of replicas) expect((await signInStaff(replica, 'admin')).accessToken).toBeTruthy();
  });

  it('refuses to start in production without a key-encryption key', async () => {
    const config = configSchema.parse({ NODE_ENV: 'production', LOG_LEVEL: 'silent' });
    await expect(buildApp({ db: database.db, config })).rejects.toThrow(
      /MRSS_KEY_ENCRYPTION_KEY or MRSS_KEY_ENCRYPTION_KEY_FILE is required when NODE_ENV=production/,
    );
  });
});

describe('where the key-encryption key comes from', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'mrss-kek-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('outside production with none set, generates one in DATA_DIR once (owner-only) and says so', () => {
    const first = resolveKeyEncryptionKeys({ NODE_ENV: 'development', DATA_DIR: dir });
    expect(first.note).toMatch(/Generated the key that encrypts the server keys/);
    const file = join(dir, GENERATED_KEY_FILE);
    expect(statSync(file).mode & 0o077).toBe(0);
    const second = resolveKeyEncryptionKeys({ NODE_ENV: 'development', DATA_DIR: dir });
    expect(second.note).toBeUndefined();
    expect(second.current.equals(first.current)).toBe(true);
  });

  it('reads MRSS_KEY_ENCRYPTION_KEY_FILE, and names the file when it holds no key', () => {
    const file = join(dir, 'kek');
    writeFileSync(file, `${keyB}\n`);
    const keys = resolveKeyEncryptionKeys({
      NODE_ENV: 'production',
      DATA_DIR: dir,
      MRSS_KEY_ENCRYPTION_KEY_FILE: file,
    });
    expect(keys.current.toString('base64')).toBe(keyB);
    writeFileSync(file, 'not a key');
    expect(() =>
      resolveKeyEncryptionKeys({ NODE_ENV: 'production', DATA_DIR: dir, MRSS_KEY_ENCRYPTION_KEY_FILE: file }),
    ).toThrow(new RegExp(`MRSS_KEY_ENCRYPTION_KEY_FILE \\(${file}\\) must be the base64 of 32 random bytes`));
    expect(readFileSync(file, 'utf8')).toBe('not a key');
  });

  it('refuses both the key and the key file at once', () => {
    const both = { NODE_ENV: 'production', DATA_DIR: dir, MRSS_KEY_ENCRYPTION_KEY: keyB };
    expect(() =>
      resolveKeyEncryptionKeys({ ...both, MRSS_KEY_ENCRYPTION_KEY_FILE: join(dir, 'kek') }),
    ).toThrow(/not both/);
  });

  it('refuses a configured key that is not 32 bytes of base64', () => {
    expect(() => configSchema.parse({ MRSS_KEY_ENCRYPTION_KEY: 'c2hvcnQ=' })).toThrow(
      /base64 of 32 random bytes/,
    );
  });
});
