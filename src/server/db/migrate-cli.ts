import { loadConfig } from '../config';
import { openDatabase } from './client';
import { seedRoles } from './seed/roles-seed';
import { seedLookups } from './seed/lookups-seed';

const config = loadConfig();
const handle = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
// Under the same lock as a starting server's migrations (client.ts exclusive), so the two never overlap.
await handle.exclusive(async () => {
  await handle.migrate();
  await seedRoles(handle.db);
  await seedLookups(handle.db);
});
await handle.close();
console.log(`Migrated ${handle.kind} database.`);
