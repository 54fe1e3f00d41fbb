import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../client';
import { users } from '../schema';
import { hashPassword, verifyPassword } from '../../security/passwords';
import { DEMO_ACCOUNTS } from './demo-hierarchy';
import { isDemoSeeded, seedDemo } from './demo-seed';

/** What the start-up banner tells the operator about the demo accounts. */
export interface DemoLogin {
  /** The password that signs the demo accounts in; null when this process cannot know it (see `note`). */
  password: string | null;
  note?: string;
  accounts: readonly { username: string; role: string }[];
}

export const PASSWORD_UNKNOWN_NOTE =
  'password unchanged since the demo was first seeded, when it was printed; set MRSS_DEMO_PASSWORD to choose a new one';

/**
 * Seeds the demo if it is not there yet and works out the password to print: never one that does not work.
 * The accounts keep only a hash, so a random password chosen on the first start cannot be recovered later. The
 * embedded database remembers it in DATA_DIR/demo-password.txt; on PostgreSQL (replicas share no folder, and
 * a database is no place for a plain password) later starts say the password is unchanged and how to set one.
 * MRSS_DEMO_PASSWORD always wins: it is applied to the demo accounts when they do not accept it yet.
 * Run under the bootstrap lock: two processes must not both seed, nor both reset the password.
 */
export async function ensureDemo(db: Db, config: Config): Promise<DemoLogin> {
  const accounts = DEMO_ACCOUNTS;
  const passwordFile = config.DATABASE_URL ? undefined : path.join(config.DATA_DIR, 'demo-password.txt');
  const remember = (password: string) => {
    if (passwordFile) writeFileSync(passwordFile, password + '\n', { mode: 0o600 });
  };
  const remembered =
    passwordFile && existsSync(passwordFile) ? readFileSync(passwordFile, 'utf8').trim() : undefined;
  const chosen = config.MRSS_DEMO_PASSWORD;

  if (!(await isDemoSeeded(db))) {
    const password = chosen ?? remembered ?? randomBytes(9).toString('base64url');
    await seedDemo(db, password);
    remember(password);
    return { password, accounts };
  }
  if (chosen) {
    if (!(await demoAccountsAccept(db, chosen))) await setDemoPassword(db, chosen);
    remember(chosen);
    return { password: chosen, accounts };
  }
  if (remembered && (await demoAccountsAccept(db, remembered))) return { password: remembered, accounts };
  return { password: null, note: PASSWORD_UNKNOWN_NOTE, accounts };
}

/** Checked on the demo admin account: one Argon2 verification per start. */
async function demoAccountsAccept(db: Db, password: string): Promise<boolean> {
  const [admin] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.username, 'admin'))
    .limit(1);
  return admin ? verifyPassword(admin.passwordHash, password) : false;
}

async function setDemoPassword(db: Db, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db
    .update(users)
    .set({ passwordHash })
    .where(
      inArray(
        users.username,
        DEMO_ACCOUNTS.map((a) => a.username),
      ),
    );
}
