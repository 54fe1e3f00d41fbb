import { loadavg } from 'node:os';
import pg from 'pg';
import { arg, benchDatabaseUrl, percentile } from './bench-kit';

// What the insights' triggers cost a write (docs/insights.md, "Cost on the write path"), on the scale seed:
//   npx tsx bench/insights-triggers.bench.ts [--url=postgres://...] [--ops=300] [--rounds=3]
// Two writes, each timed in its own transaction on one connection and rolled back (so the database is left as it
// was and every round writes the same rows):
// - creation: a submitted application (INSERT applications, completed) and its 'submitted' flow entry;
// - step: a LARP application forwarded to LAVP (UPDATE applications guarded by the version, INSERT its flow
//   entry, one statement, the shape of src/server/workflow/workflow-write.ts without its audit and notice parts).
// Three trigger sets, interleaved round by round so that the machine's load falls on each alike: none, 0009's move
// recorder only, and 0009 + 0010's rollup triggers (what runs in production). The triggers are switched with
// ALTER TABLE ... DISABLE TRIGGER between blocks, and always switched back on at the end.

const url = benchDatabaseUrl();
const ops = Number(arg('ops') ?? 300);
const rounds = Number(arg('rounds') ?? 3);

const MOVES_TRIGGER = ['application_flow', 'application_flow_record_move'] as const;
const ROLLUP_TRIGGERS = [
  ['applications', 'applications_insights_insert_delete'],
  ['applications', 'applications_insights_update'],
  ['application_moves', 'application_moves_insights'],
] as const;
const SETS = {
  'no insights trigger': [] as (typeof MOVES_TRIGGER)[],
  '0009 moves only': [MOVES_TRIGGER],
  '0009 + 0010 rollups': [MOVES_TRIGGER, ...ROLLUP_TRIGGERS],
};
type SetName = keyof typeof SETS;
const ALL = [MOVES_TRIGGER, ...ROLLUP_TRIGGERS];

const CREATE = `with a as (
  insert into applications (status, remarks, tenant_id, landlord_id, rentcode, ward_code, logby, completed_at)
  values ('LARP', '(bench)', $1::bigint, $2::bigint, $3::text, $4::text, 'landlord:bench', now())
  returning applid
)
insert into application_flow (applid, logdt, aplstatus, step, remarks, actor)
select applid, now(), 'LARP', 'submitted', 'bench', 'landlord:bench' from a`;

const STEP = `with updated as (
  update applications set status = 'LAVP', version = version + 1, updated_at = now()
  where applid = $1::bigint and version = $2::int returning applid
)
insert into application_flow (applid, logdt, aplstatus, step, remarks, action, actor, actor_role)
select applid, now(), 'LAVP', 'recommendedApproval', 'bench', 'application.recommendApproval', 'mod.bench', 'MODERATOR'
from updated`;

async function setTriggers(client: pg.Client, on: readonly (readonly [string, string])[]) {
  for (const [table, trigger] of ALL) {
    const enabled = on.some(([, t]) => t === trigger);
    await client.query(`alter table ${table} ${enabled ? 'enable' : 'disable'} trigger ${trigger}`);
  }
}

async function timed(client: pg.Client, text: string, values: unknown[]): Promise<number> {
  await client.query('begin');
  const started = performance.now();
  const result = await client.query(text, values);
  const ms = performance.now() - started;
  await client.query('rollback');
  if (result.rowCount !== 1) throw new Error(`The bench's write touched ${result.rowCount} rows, not 1.`);
  return ms;
}

async function main() {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const times = new Map<string, number[]>();
  try {
    const parents = (
      await client.query<{ tenant_id: string; landlord_id: string; rentcode: string; ward_code: string }>(
        `select tenant_id, landlord_id, rentcode, ward_code from applications order by applid desc limit $1`,
        [ops],
      )
    ).rows;
    const waiting = (
      await client.query<{ applid: string; version: number }>(
        `select applid, version from applications where status = 'LARP' and deleted_at is null
        and completed_at is not null order by applid desc limit $1`,
        [ops],
      )
    ).rows;
    if (waiting.length < ops) throw new Error(`Only ${waiting.length} LARP applications to step.`);
    for (let round = 0; round < rounds; round++) {
      for (const [name, set] of Object.entries(SETS) as [SetName, (typeof ALL)[number][]][]) {
        await setTriggers(client, set);
        const create = times.get(`${name}|creation`) ?? [];
        const step = times.get(`${name}|step`) ?? [];
        for (const p of parents)
          create.push(await timed(client, CREATE, [p.tenant_id, p.landlord_id, p.rentcode, p.ward_code]));
        for (const w of waiting) step.push(await timed(client, STEP, [w.applid, w.version]));
        times.set(`${name}|creation`, create);
        times.set(`${name}|step`, step);
      }
    }
  } finally {
    await setTriggers(client, ALL);
    await client.end();
  }
  console.log(
    `${ops} writes x ${rounds} rounds per trigger set; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log('| Write | Triggers | mean ms | p50 ms | p99 ms |');
  console.log('| --- | --- | ---: | ---: | ---: |');
  for (const [key, values] of times) {
    const [name, write] = key.split('|');
    values.sort((a, b) => a - b);
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    const f = (n: number) => n.toFixed(2);
    console.log(
      `| ${write} | ${name} | ${f(mean)} | ${f(percentile(values, 50))} | ${f(percentile(values, 99))} |`,
    );
  }
}

await main();
