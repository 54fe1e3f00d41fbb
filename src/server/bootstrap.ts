import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { shouldSeedDemo, type Config } from './config';
import { openDatabase, type DbHandle } from './db/client';
import { seedRoles } from './db/seed/roles-seed';
import { seedLookups } from './db/seed/lookups-seed';
import { isDemoSeeded, seedDemo } from './db/seed/demo-seed';
import { DEMO_ACCOUNTS } from './db/seed/demo-hierarchy';
import { users } from './db/schema';
import { hashPassword } from './security/passwords';

export interface Prepared {
  handle: DbHandle;
  /** Set when demo accounts exist: the password to print, or where to find it. */
  demo?: { password: string; accounts: readonly { username: string; role: string }[] };
}

/** Opens the database, applies migrations, writes reference data and (outside production) the demo. */
export async function prepareDatabase(config: Config): Promise<Prepared> {
  const handle = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await handle.migrate();
  await seedRoles(handle.db);
  await seedLookups(handle.db);
  if (!shouldSeedDemo(config)) return { handle };

  const passwordFile = path.join(config.DATA_DIR, 'demo-password.txt');
  const remembered = existsSync(passwordFile) ? readFileSync(passwordFile, 'utf8').trim() : undefined;
  const password = config.MRSS_DEMO_PASSWORD ?? remembered ?? randomBytes(9).toString('base64url');
  if (!(await isDemoSeeded(handle.db))) {
    await seedDemo(handle.db, password);
  } else if (config.MRSS_DEMO_PASSWORD && config.MRSS_DEMO_PASSWORD !== remembered) {
    // The operator chose a new demo password: apply it to the demo accounts.
    const passwordHash = await hashPassword(password);
    await handle.db
      .update(users)
      .set({ passwordHash })
      .where(
        inArray(
          users.username,
          DEMO_ACCOUNTS.map((a) => a.username),
        ),
      );
  }
  if (!config.DATABASE_URL) writeFileSync(passwordFile, password + '\n', { mode: 0o600 });
  return { handle, demo: { password, accounts: DEMO_ACCOUNTS } };
}
