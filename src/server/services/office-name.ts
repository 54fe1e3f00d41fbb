import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { rowsOf } from '../db/rows-of';

/** An official's office as a citizen reads it: the area its usercode names, and the code ('Laitumkhrah (PS...)'). */
export async function officeOf(db: Db | Tx, usercode: string): Promise<string> {
  const [row] = rowsOf<{ name: string | null }>(
    await db.execute(sql`select coalesce(
  (select name from wards where code = ${usercode}::text),
  (select name from localities where code = ${usercode}::text),
  (select name from police_stations where code = ${usercode}::text),
  (select name from districts where code = ${usercode}::text),
  (select name from states where code = ${usercode}::text)) as name`),
  );
  return row?.name ? `${row.name} (${usercode})` : usercode;
}
