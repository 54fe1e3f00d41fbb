import { sql } from 'drizzle-orm';
import pg from 'pg';
import { logQuerySchema } from '../src/contract/log-records.contract';
import { openPostgres } from '../src/server/db/client';
import { SEALED_COLUMNS, sealLogChain } from '../src/server/services/log-chain';
import { checkLogChain } from '../src/server/services/log-chain-check';
import { logRecordsPage } from '../src/server/services/log-records.service';
import { arg, percentile } from './bench-kit';

// What the tamper-evident log costs (docs/log-records.md), on PostgreSQL, in a database of its own (the scale seed's
// database is left alone): sealing speed, the time to check 100,000 and 1,000,000 records, and the Log Records
// page at a million records.
//   npx tsx bench/log-chain.bench.ts [--server=postgres://postgres@127.0.0.1:5432] [--records=1000000] [--keep]

const server = arg('server') ?? 'postgres://postgres@127.0.0.1:5432';
const total = Number(arg('records') ?? 1_000_000);
const DB_NAME = 'mrss_log_chain_bench';
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: `${server}/postgres` });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** `n` records as the server writes them, over the past year, every kind, 500 users. */
function insertRecords(from: number, n: number) {
  return sql`insert into log_records (kind, ip_address, remark, url, username, logdt)
    select (array['signin','signin-failure','logout','otp-issue','otp-use','workflow','refusal','admin','other'])[1 + i % 9],
      '10.' || (i % 250) || '.' || (i % 199) || '.' || (i % 97),
      'Application ' || i || ' forwarded with approval (May be Accepted)',
      '/mrssapi/mrss/v-1/process/updateApplication', 'official' || (i % 500),
      now() - make_interval(secs => (${total} - i) * 30)
    from generate_series(${from}::bigint, ${from + n - 1}::bigint) as i`;
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const value = await work();
  return [value, performance.now() - started];
}

async function main() {
  await admin(`drop database if exists ${DB_NAME}`);
  await admin(`create database ${DB_NAME}`);
  const handle = await openPostgres(`${server}/${DB_NAME}`, 4);
  const { db } = handle;
  try {
    await handle.migrate();
    const first = Math.min(100_000, total);
    await db.execute(insertRecords(1, first));
    const [sealed100k, sealMs] = await timed(() => sealLogChain(db, { wait: true }));
    console.log(
      `sealed ${sealed100k} records in ${(sealMs / 1000).toFixed(1)} s: ${Math.round(sealed100k / (sealMs / 1000))} records/s`,
    );
    const [report100k, check100kMs] = await timed(() => checkLogChain(db, { seal: false }));
    console.log(
      `check of ${report100k.checked} records: ${(check100kMs / 1000).toFixed(2)} s, intact=${report100k.intact}`,
    );

    if (total > first) {
      await db.execute(insertRecords(first + 1, total - first));
      const [sealedRest, restMs] = await timed(() => sealLogChain(db, { wait: true }));
      console.log(
        `sealed ${sealedRest} more in ${(restMs / 1000).toFixed(1)} s: ${Math.round(sealedRest / (restMs / 1000))} records/s`,
      );
      await db.execute(sql`vacuum analyze log_records`);
      const [reportAll, checkAllMs] = await timed(() => checkLogChain(db, { seal: false }));
      const plan = rowsOf<{ 'QUERY PLAN': string }>(
        await db.execute(sql`explain (analyze, buffers) select chain_seq, chain_hash, ${SEALED_COLUMNS}
          from log_records where chain_seq > 500000 order by chain_seq limit 5000`),
      );
      console.log(plan.map((line) => line['QUERY PLAN']).join('\n'));
      console.log(
        `check of ${reportAll.checked} records: ${(checkAllMs / 1000).toFixed(2)} s, intact=${reportAll.intact}`,
      );
    }

    // A round of the periodic sealer with nothing to do, and with the 100 records of two busy seconds.
    const [, idleMs] = await timed(() => sealLogChain(db, { wait: false }));
    await db.execute(insertRecords(total + 1, 100));
    const [, roundMs] = await timed(() => sealLogChain(db, { wait: false }));
    console.log(`sealer round: idle ${idleMs.toFixed(1)} ms, 100 new records ${roundMs.toFixed(1)} ms`);

    for (const [name, query] of [
      ['first page', {}],
      ['last page', { page: String(Math.floor(total / 20) - 1) }],
      ['one user', { username: 'official42' }],
      ['one kind', { kind: 'workflow' }],
      ['one day', { from: '2026-06-01', to: '2026-06-01' }],
    ] as const) {
      const filter = logQuerySchema.parse(query);
      const times: number[] = [];
      for (let i = 0; i < 30; i++) times.push((await timed(() => logRecordsPage(db, filter)))[1]);
      times.sort((a, b) => a - b);
      console.log(
        `getlog ${name}: p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms`,
      );
    }
    const [{ size }] = rowsOf<{ size: string }>(
      await db.execute(sql`select pg_size_pretty(pg_total_relation_size('log_records')) as size`),
    );
    console.log(`log_records with its indexes: ${size}`);
  } finally {
    await handle.close();
    if (!process.argv.includes('--keep')) await admin(`drop database if exists ${DB_NAME}`);
  }
}

await main();
