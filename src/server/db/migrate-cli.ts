import { loadConfig } from '../config';
import { openDatabase } from './client';
import { seedRoles } from './seed/roles-seed';
import { seedLookups } from './seed/lookups-seed';

const config = loadConfig();
const handle = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
await handle.migrate();
await seedRoles(handle.db);
await seedLookups(handle.db);
await handle.close();
console.log(`Migrated ${handle.kind} database.`);
