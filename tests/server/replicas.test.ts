import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openPglite, openPostgres } from '../../src/server/db/client';
import { applications, landlords, tenants, users } from '../../src/server/db/schema';
import { DEMO_APPLICATIONS } from '../../src/server/db/seed/demo-applications.data';
import { DEMO_ACCOUNTS } from '../../src/server/db/seed/demo-hierarchy';
import { DEMO_LANDLORDS } from '../../src/server/db/seed/demo-landlords.data';
import { PASSWORD_UNKNOWN_NOTE } from '../../src/server/db/seed/demo-login';
import { DEMO_TENANTS } from '../../src/server/db/seed/demo-tenants.data';
import { verifyPassword } from '../../src/server/security/passwords';
import { spawnServer, type ServerProcess } from '../support/server-process';
import { createEmptyPostgresDatabase, testDatabases } from '../support/test-db';
import { TEST_KEY_ENCRYPTION_KEY } from '../support/test-app';

// Replicas start together on an empty database, each migrating and seeding on start (the normal way replicas
// start). Without the bootstrap lock one of two exited in every try (during the migration, or on a duplicate key
// in the demo seed). Now every process comes up, the demo is written once, and exactly one process prints the
// demo password (it chose it); the others say it is unchanged, and the printed one works.

// The embedded database cannot have replicas: of several processes started at once on one data folder, one
// serves and the others refuse with the reason (before, each ran on its own diverging copy and lost writes).
describe('replicas on pglite', () => {
  it('of three processes started at once on one new data folder, one serves and two refuse with the reason', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'mrss-replica-'));
    const servers = [1, 2, 3].map(() => spawnServer({ DATA_DIR: dataDir, MRSS_DEMO: 'true' }));
    try {
      const outcomes = await Promise.allSettled(servers.map((server) => server.ready()));
      const serving = servers.filter((_, i) => outcomes[i].status === 'fulfilled');
      const refused = servers.filter((_, i) => outcomes[i].status === 'rejected');
      expect(serving, servers.map((s) => s.output()).join('\n---\n')).toHaveLength(1);
      for (const server of refused) {
        expect(await server.exited).toBe(1);
        expect(server.output()).toMatch(/The data folder .* is in use by another MRSS process \(pid \d+\)/);
      }
      const url = (outcomes.find((o) => o.status === 'fulfilled') as PromiseFulfilledResult<string>).value;
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      await serving[0].stop();

      const handle = await openPglite(dataDir);
      try {
        const [{ n }] = await handle.db.select({ n: count() }).from(applications);
        expect(n).toBe(DEMO_APPLICATIONS.length);
      } finally {
        await handle.close();
      }
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});

describe.each(testDatabases().filter((kind) => kind === 'postgres'))('replicas on %s', () => {
  it.each([2, 4])(
    '%i server processes started at once on an empty database all come up, with one copy of the demo',
    async (replicas) => {
      const database = await createEmptyPostgresDatabase();
      const dataDirs = Array.from({ length: replicas }, () =>
        mkdtempSync(path.join(tmpdir(), 'mrss-replica-')),
      );
      const servers: ServerProcess[] = [];
      try {
        for (const dataDir of dataDirs)
          servers.push(
            spawnServer({
              DATABASE_URL: database.url,
              DATA_DIR: dataDir,
              MRSS_DEMO: 'true',
              MRSS_SEED_DEMO: 'true',
              // Replicas share one key-encryption key, as a deployment's do (docs/secrets.md): a key generated in
              // each replica's own data folder would not open the others' server keys.
              MRSS_KEY_ENCRYPTION_KEY: TEST_KEY_ENCRYPTION_KEY,
            }),
          );
        const urls = await Promise.all(servers.map((server) => server.ready()));
        for (const url of urls) expect((await fetch(`${url}/healthz`)).status).toBe(200);

        const handle = await openPostgres(database.url, 1);
        try {
          const rows = async (
            table: typeof users | typeof landlords | typeof tenants | typeof applications,
          ) => (await handle.db.select({ n: count() }).from(table))[0].n;
          const demoUsers = await handle.db
            .select({ n: count() })
            .from(users)
            .where(
              inArray(
                users.username,
                DEMO_ACCOUNTS.map((a) => a.username),
              ),
            );
          expect(demoUsers[0].n).toBe(DEMO_ACCOUNTS.length);
          expect(await rows(landlords)).toBe(DEMO_LANDLORDS.length);
          expect(await rows(tenants)).toBe(DEMO_TENANTS.length);
          expect(await rows(applications)).toBe(DEMO_APPLICATIONS.length);

          const printed = servers.map((server) => /Demo accounts \(password: (\S+)\):/.exec(server.output()));
          const seeders = printed.filter((match) => match !== null);
          expect(seeders, servers.map((s) => s.output()).join('\n---\n')).toHaveLength(1);
          const others = servers.filter((_, i) => printed[i] === null);
          for (const server of others) expect(server.output()).toContain(PASSWORD_UNKNOWN_NOTE);
          const [admin] = await handle.db.select().from(users).where(eq(users.username, 'admin'));
          expect(await verifyPassword(admin.passwordHash, seeders[0][1])).toBe(true);
        } finally {
          await handle.close();
        }
      } finally {
        await Promise.all(servers.map((server) => server.stop()));
        await database.drop();
        for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
      }
    },
    180_000,
  );

  it('prints the chosen password on every start when MRSS_DEMO_PASSWORD is set, and applies a new one', async () => {
    const database = await createEmptyPostgresDatabase();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'mrss-replica-'));
    const start = async (password: string) => {
      const server = spawnServer({
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        MRSS_DEMO: 'true',
        MRSS_SEED_DEMO: 'true',
        MRSS_DEMO_PASSWORD: password,
      });
      try {
        await server.ready();
      } finally {
        await server.stop();
      }
      return server.output();
    };
    try {
      expect(await start('First-demo-pass-1')).toContain('Demo accounts (password: First-demo-pass-1):');
      expect(await start('Second-demo-pass-2')).toContain('Demo accounts (password: Second-demo-pass-2):');
      const handle = await openPostgres(database.url, 1);
      try {
        const demo = await handle.db
          .select()
          .from(users)
          .where(
            inArray(
              users.username,
              DEMO_ACCOUNTS.map((a) => a.username),
            ),
          );
        for (const account of demo) {
          expect(await verifyPassword(account.passwordHash, 'Second-demo-pass-2'), account.username).toBe(
            true,
          );
        }
      } finally {
        await handle.close();
      }
    } finally {
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
