import { sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';

/** A transaction handle (what db.transaction gives its callback). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** How the codes of one level are made under their parent (docs/jurisdiction-codes.md). */
export interface ChildCodeRule {
  table: PgTable;
  column: PgColumn;
  /** The parent's code followed by the level's letters: 'PS1701', 'PS1701001LA', 'PS1701001LA01W'. */
  prefix: string;
  /** Digits of the number: 3 for stations, 2 for localities and wards. */
  width: number;
}

/**
 * The lowest number from 1 up that no code under `prefix` uses yet, or null when all 10^width - 1 are taken.
 * Units are never deleted (accounts and applications hold their codes), so a gap exists only where codes were
 * loaded from elsewhere; filling it keeps the numbers dense. The caller holds a lock on the parent row, so two
 * creations under one parent take turns and cannot pick the same number.
 */
export async function nextFreeCode(tx: Tx, rule: ChildCodeRule): Promise<string | null> {
  const rows = await tx
    .select({ code: rule.column })
    .from(rule.table)
    .where(sql`starts_with(${rule.column}, ${rule.prefix})`);
  const used = new Set<number>();
  const digits = new RegExp(`^\\d{${rule.width}}$`);
  for (const { code } of rows as { code: string }[]) {
    const suffix = code.slice(rule.prefix.length);
    if (digits.test(suffix)) used.add(Number(suffix));
  }
  const max = 10 ** rule.width - 1;
  for (let n = 1; n <= max; n++) {
    if (!used.has(n)) return rule.prefix + String(n).padStart(rule.width, '0');
  }
  return null;
}

/** True when a sibling under the same parent already has this name (compared trimmed, without regard to case). */
export async function nameTaken(
  tx: Tx,
  sibling: { table: PgTable; name: PgColumn; parent: PgColumn },
  parentCode: string,
  name: string,
): Promise<boolean> {
  const rows = await tx
    .select({ name: sibling.name })
    .from(sibling.table)
    .where(sql`${sibling.parent} = ${parentCode} and lower(btrim(${sibling.name})) = lower(${name})`)
    .limit(1);
  return rows.length > 0;
}
