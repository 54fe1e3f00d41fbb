import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { logRecords } from '../../src/server/db/schema';

/** How many refusals (audited 403s) the log records hold: a refused call must add exactly one. */
export async function countRefusals(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(logRecords)
    .where(sql`remark like 'Refused%'`);
  return row.n;
}
