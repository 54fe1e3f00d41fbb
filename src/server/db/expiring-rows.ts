import { sql } from 'drizzle-orm';
import type { Db } from './client';

/** A table of short-lived rows: its key column and the `expires_at` column its expiry index covers. */
export interface ExpiringTable {
  table: string;
  key: string;
}

/**
 * Deletes up to `count` expired rows, oldest first, through the table's expiry index. Each issue of a new row
 * removes more than it adds, so a flood cannot grow the table; rows another request is deleting are skipped
 * rather than waited for.
 */
export async function purgeExpiredRows(
  db: Db,
  expiring: ExpiringTable,
  now: Date,
  count: number,
): Promise<void> {
  const table = sql.identifier(expiring.table);
  const key = sql.identifier(expiring.key);
  await db.execute(sql`delete from ${table} where ${key} in (
    select ${key} from ${table} where expires_at <= ${now.toISOString()}::timestamptz
    order by expires_at limit ${count} for update skip locked)`);
}
