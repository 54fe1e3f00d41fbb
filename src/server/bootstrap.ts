import { shouldSeedDemo, type Config } from './config';
import { openDatabase, type DbHandle } from './db/client';
import { seedRoles } from './db/seed/roles-seed';
import { seedLookups } from './db/seed/lookups-seed';
import { ensureDemo, type DemoLogin } from './db/seed/demo-login';

export interface Prepared {
  handle: DbHandle;
  /** Set when demo accounts exist: the password to print, or why there is none. */
  demo?: DemoLogin;
}

/**
 * Opens the database, applies migrations, writes reference data and (outside production) the demo. Replicas
 * starting together each do this: the work runs under the database's bootstrap lock (handle.exclusive), so one
 * process does it and the others find it done. Opening an embedded data folder another process holds throws
 * DataDirInUseError before anything is read.
 */
export async function prepareDatabase(config: Config): Promise<Prepared> {
  const handle = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    const demo = await handle.exclusive(async () => {
      await handle.migrate();
      await seedRoles(handle.db);
      await seedLookups(handle.db);
      return shouldSeedDemo(config) ? ensureDemo(handle.db, config) : undefined;
    });
    return { handle, demo };
  } catch (err) {
    await handle.close();
    throw err;
  }
}
