import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows-of';

/**
 * The tamper-evident chain over the log records (docs/log-records.md). Records are written as before, with no
 * lock on the hot path; sealing gives the unsealed ones, in id order, the next places in the chain (chain_seq)
 * and a hash that covers the previous record's hash and this record's fields (chain_hash).
 */

/** The hash before the first record. */
export const GENESIS_HASH = '0'.repeat(64);
/** 'MRSS' in ASCII, and 2: sealing the log. Only one process seals at a time, whatever the number of replicas. */
export const SEAL_LOCK_KEY = 0x4d525353_02n;
/** Records sealed per transaction: each transaction stays short, so a sealer never holds the lock for long. */
export const SEAL_BATCH = 2000;

/** The fields a seal covers, as read back from the database (logdt to the microsecond, in UTC). */
export interface SealedFields {
  seq: number;
  id: number;
  kind: string;
  ipAddress: string | null;
  remark: string;
  url: string;
  username: string | null;
  logdt: string;
}

/** The record's columns in a form two different records can never share (JSON escapes every text; null is not "null"). */
export function canonicalRecord(r: SealedFields): string {
  return JSON.stringify(['v1', r.seq, r.id, r.kind, r.ipAddress, r.remark, r.url, r.username, r.logdt]);
}

export function chainHash(previousHash: string, record: SealedFields): string {
  return createHash('sha256').update(previousHash).update('\n').update(canonicalRecord(record)).digest('hex');
}

/** The select list of SealedFields (without seq), with logdt as exact text independent of the session's zone. */
export const SEALED_COLUMNS = sql.raw(`id::text as id, kind, ip_address as "ipAddress", remark, url, username,
  to_char(logdt at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as logdt`);

type FieldRow = Omit<SealedFields, 'id' | 'seq'> & { id: string };

interface Tail {
  seq: number;
  hash: string;
}

async function readTail(db: Db): Promise<Tail> {
  const [tail] = rowsOf<{ seq: string; hash: string }>(
    await db.execute(sql`select chain_seq::text as seq, chain_hash as hash from log_records
      where chain_seq is not null order by chain_seq desc limit 1`),
  );
  return tail ? { seq: Number(tail.seq), hash: tail.hash } : { seq: 0, hash: GENESIS_HASH };
}

/**
 * Seals one batch under the advisory lock, of records after id `afterId`; returns the records it sealed (their
 * count and the last id), or null when `wait` is false and another process holds the lock (it is sealing them).
 */
async function sealBatch(
  db: Db,
  wait: boolean,
  batch: number,
  afterId: number,
): Promise<{ sealed: number; lastId: number } | null> {
  return db.transaction(async (tx) => {
    if (wait) {
      await tx.execute(sql`select pg_advisory_xact_lock(${SEAL_LOCK_KEY.toString()}::bigint)`);
    } else {
      const [{ locked }] = rowsOf<{ locked: boolean }>(
        await tx.execute(
          sql`select pg_try_advisory_xact_lock(${SEAL_LOCK_KEY.toString()}::bigint) as locked`,
        ),
      );
      if (!locked) return null;
    }
    // log_records.id, not id: the select list's `id` is the text form, and would order '10' before '9'. The limit
    // is a literal so that the generic plan knows it (see CHECK_BATCH in log-chain-check.ts).
    const waiting = rowsOf<FieldRow>(
      await tx.execute(sql`select ${SEALED_COLUMNS} from log_records
        where chain_seq is null and log_records.id > ${afterId} order by log_records.id limit ${sql.raw(String(Math.trunc(batch)))}`),
    );
    if (waiting.length === 0) return { sealed: 0, lastId: afterId };
    let { seq, hash } = await readTail(tx);
    const seals = waiting.map((row) => {
      seq += 1;
      hash = chainHash(hash, { ...row, id: Number(row.id), seq });
      return { id: row.id, seq, hash };
    });
    await tx.execute(sql`update log_records as l set chain_seq = v.seq, chain_hash = v.hash
      from jsonb_to_recordset(${JSON.stringify(seals)}::jsonb) as v(id bigint, seq bigint, hash text)
      where l.id = v.id and l.chain_seq is null`);
    return { sealed: waiting.length, lastId: Number(waiting[waiting.length - 1].id) };
  });
}

/**
 * Seals every record that waits. `wait: true` (before a check) queues behind a sealer of another process;
 * `wait: false` (the periodic sealer) leaves the work to that process. `batch`: records per transaction.
 * Returns the number sealed here. Each batch goes on after the last id of the one before: the index of unsealed
 * records keeps the entries of sealed ones until vacuum, and starting from the first id every time would walk them
 * all again (a backlog of 900,000 records sealed 6 times slower). A record whose id committed behind that point
 * is sealed by the next call, which starts from the beginning.
 */
export async function sealLogChain(db: Db, options: { wait: boolean; batch?: number }): Promise<number> {
  const batch = options.batch ?? SEAL_BATCH;
  let total = 0;
  let afterId = 0;
  for (;;) {
    const round = await sealBatch(db, options.wait, batch, afterId);
    if (round === null) return total;
    total += round.sealed;
    afterId = round.lastId;
    if (round.sealed < batch) return total;
  }
}
