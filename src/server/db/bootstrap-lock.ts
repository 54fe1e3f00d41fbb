/**
 * Replicas start together, and each one migrates and seeds on start. Two of them creating drizzle's migration
 * table, running one migration or writing the demo at the same moment fail on duplicate keys and exit. A
 * session-level PostgreSQL advisory lock serialises that work across processes: the first takes it and does the
 * work; the others wait, then find everything done and skip it.
 *
 * The lock is held on a connection of its own, opened for the purpose and closed after: never a pool
 * connection, which the pool could hand to other queries (they would run inside the lock) or close under it.
 * If the holder dies, PostgreSQL ends its session and frees the lock, so a crash never blocks the others.
 */

/** 'MRSS' in ASCII, and 1: the bootstrap (migrations and seeds). Any process using this key waits its turn. */
export const BOOTSTRAP_LOCK_KEY = 0x4d525353_01n;

export async function withPostgresBootstrapLock<T>(
  url: string,
  work: () => Promise<T>,
  notice: (message: string) => void = console.log,
): Promise<T> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, application_name: 'mrss-bootstrap-lock' });
  await client.connect();
  try {
    const key = BOOTSTRAP_LOCK_KEY.toString();
    const tried = await client.query<{ locked: boolean }>(
      'select pg_try_advisory_lock($1::bigint) as locked',
      [key],
    );
    if (!tried.rows[0].locked) {
      notice('Another process is migrating or seeding this database: waiting for it to finish.');
      await client.query('select pg_advisory_lock($1::bigint)', [key]);
    }
    try {
      return await work();
    } finally {
      // If this fails the connection is broken, and closing it below frees the lock all the same.
      await client.query('select pg_advisory_unlock($1::bigint)', [key]).catch(() => undefined);
    }
  } finally {
    await client.end();
  }
}
