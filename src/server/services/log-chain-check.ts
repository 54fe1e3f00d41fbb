import { sql } from 'drizzle-orm';
import type { ChainReport } from '../../contract/log-records.contract';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows-of';
import { GENESIS_HASH, SEALED_COLUMNS, chainHash, sealLogChain, type SealedFields } from './log-chain';

/** Records read per round trip of the walk. */
export const CHECK_BATCH = 5000;
/**
 * The limit as a literal: connections use generic plans (db/client.ts), and a generic plan that does not know the
 * limit sorts the whole table for each batch instead of reading the next 5,000 from the chain_seq index (a
 * million records took 25 s instead of a few).
 */
const BATCH_LIMIT = sql.raw(String(CHECK_BATCH));

type WalkRow = Omit<SealedFields, 'id' | 'seq'> & { id: string; seq: string; hash: string | null };
type BrokenAt = NonNullable<ChainReport['brokenAt']>;

function missing(expectedSeq: number, next: { seq: number; id: number } | null): BrokenAt {
  const places =
    next && next.seq - expectedSeq > 1
      ? `Places ${expectedSeq} to ${next.seq - 1} of the chain are empty`
      : `Place ${expectedSeq} of the chain is empty`;
  const after = next ? `; the next record is ${next.id}` : '; the chain ends before the head noted earlier';
  return {
    reason: 'missing',
    seq: expectedSeq,
    id: next?.id ?? null,
    message: `${places}: records were deleted after sealing${after}.`,
  };
}

function changed(seq: number, id: number): BrokenAt {
  return {
    reason: 'changed',
    seq,
    id,
    message: `Record ${id} (place ${seq} in the chain) does not match its seal: it was changed after sealing, or written into the chain by hand.`,
  };
}

/**
 * Seals what waits, then walks the whole chain in chain_seq order and stops at the first break: a record whose
 * fields or hash do not give its stored hash (changed), or a place in the chain with no record (missing).
 * `expectHead` (an auditor's note of an earlier head) also proves that nothing up to that place was rewritten
 * or cut off the end. `seal: false` only reads (a read-only replica, or a look at what waits): records not sealed
 * yet are then counted, not checked.
 */
export async function checkLogChain(
  db: Db,
  options: { now?: () => Date; expectHead?: { seq: number; hash: string }; seal?: boolean } = {},
): Promise<ChainReport> {
  const started = performance.now();
  if (options.seal ?? true) await sealLogChain(db, { wait: true });
  let previous = { seq: 0, hash: GENESIS_HASH, id: 0 };
  let brokenAt: BrokenAt | null = null;
  let checked = 0;
  walk: for (;;) {
    const rows = rowsOf<WalkRow>(
      await db.execute(sql`select chain_seq::text as seq, chain_hash as hash, ${SEALED_COLUMNS}
        from log_records where chain_seq > ${previous.seq} order by chain_seq limit ${BATCH_LIMIT}`),
    );
    for (const row of rows) {
      const seq = Number(row.seq);
      const id = Number(row.id);
      if (seq !== previous.seq + 1) {
        brokenAt = missing(previous.seq + 1, { seq, id });
        break walk;
      }
      const expected = chainHash(previous.hash, { ...row, id, seq });
      if (expected !== row.hash) {
        brokenAt = changed(seq, id);
        break walk;
      }
      if (options.expectHead?.seq === seq && options.expectHead.hash !== row.hash) {
        brokenAt = changed(seq, id);
        break walk;
      }
      previous = { seq, hash: expected, id };
      checked += 1;
    }
    if (rows.length < CHECK_BATCH) break;
  }
  if (!brokenAt && options.expectHead && options.expectHead.seq > previous.seq) {
    brokenAt = missing(previous.seq + 1, null);
  }
  const [{ unsealed }] = rowsOf<{ unsealed: string }>(
    await db.execute(sql`select count(*)::text as unsealed from log_records where chain_seq is null`),
  );
  return {
    intact: brokenAt === null,
    checked,
    unsealed: Number(unsealed),
    head: brokenAt || previous.seq === 0 ? null : { seq: previous.seq, id: previous.id, hash: previous.hash },
    brokenAt,
    checkedAt: (options.now?.() ?? new Date()).toISOString(),
    durationMs: Math.round(performance.now() - started),
  };
}
