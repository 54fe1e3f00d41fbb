import { eq } from 'drizzle-orm';
import { loadConfig } from '../config';
import { openDatabase } from './client';
import { seedRoles } from './seed/roles-seed';
import { roles, users } from './schema';
import { hashPassword } from '../security/passwords';

// Production has no demo accounts: the first administrator is created here.
// Usage: MRSS_ADMIN_PASSWORD=... npm run create-admin -- <username> <email>
const [username, email] = process.argv.slice(2);
const password = process.env.MRSS_ADMIN_PASSWORD ?? '';
if (!username || !/^[a-z0-9._-]{3,64}$/i.test(username) || !email?.includes('@')) {
  console.error('Usage: MRSS_ADMIN_PASSWORD=<password> npm run create-admin -- <username> <email>');
  process.exit(2);
}
if (password.length < 12) {
  console.error('MRSS_ADMIN_PASSWORD must have at least 12 characters.');
  process.exit(2);
}

const config = loadConfig();
const handle = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
await handle.migrate();
await seedRoles(handle.db);
const [adminRole] = await handle.db.select().from(roles).where(eq(roles.name, 'ADMIN'));
const inserted = await handle.db
  .insert(users)
  .values({
    username,
    email,
    usercode: '17',
    level: 1,
    roleId: adminRole.id,
    passwordHash: await hashPassword(password),
  })
  .onConflictDoNothing({ target: users.username })
  .returning({ id: users.id });
await handle.close();
if (inserted.length === 0) {
  console.error(`An account named ${username} already exists.`);
  process.exit(1);
}
console.log(`Created administrator ${username}.`);
