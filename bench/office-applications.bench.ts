import { API_BASE } from '../src/contract/api';
import { landlords, tenants } from '../src/server/db/schema';
import { citizenKeyFor, withKey } from '../tests/support/citizen-key';
import { bearer, signInStaff } from '../tests/support/staff-signin';
import { startTestApp } from '../tests/support/test-app';
import type { TestDatabaseKind } from '../tests/support/test-db';
import { unitBody } from '../tests/server/landlords-fixtures';
import { arg, percentile } from './bench-kit';

// The officials' clearance step at the office (docs/office-applications.md): the ward's MODERATOR creates an
// application on a landlord's behalf (POST process/SaveApplication_Police) and applies it with a recommendation
// (POST process/user/application/DomesticHelperAndFamily: apply + recommend in one transaction), one pair after
// the other through app.inject on the demo database, each pair for its own fresh vacant unit.
//   npx tsx bench/office-applications.bench.ts [--db=pglite|postgres] [--pairs=300]
// postgres needs TEST_DATABASE_URL. Results: docs/office-applications.md, "Measured".

const kind = (arg('db') ?? 'pglite') as TestDatabaseKind;
const pairs = Number(arg('pairs') ?? 300);
const WARM_UP = 30;
const WARD = 'PS1701001LA01W01';

async function main(): Promise<void> {
  const t = await startTestApp(kind);
  try {
    const { accessToken } = await signInStaff(t.app, 'moderator');
    const [landlord] = await t.db.select({ id: landlords.id }).from(landlords).orderBy(landlords.id).limit(1);
    const [tenant] = await t.db.select({ id: tenants.id }).from(tenants).orderBy(tenants.id).limit(1);
    const key = await citizenKeyFor(t, { kind: 'landlord', landlordId: Number(landlord.id) });
    const post = async (path: string, headers: Record<string, string>, payload: object) => {
      const started = performance.now();
      const res = await t.app.inject({ method: 'POST', url: `${API_BASE}/${path}`, headers, payload });
      if (res.statusCode !== 200) throw new Error(`${path} answered ${res.statusCode}: ${res.body}`);
      return { body: res.json<{ rentcode: string; applid: number }>(), ms: performance.now() - started };
    };
    const units: string[] = [];
    for (let i = 0; i < WARM_UP + pairs; i++)
      units.push((await post('process/rentalUnit', withKey(key), unitBody(WARD))).body.rentcode);

    const times = { create: [] as number[], apply: [] as number[], pair: [] as number[] };
    for (const [i, rentcode] of units.entries()) {
      const created = await post('process/SaveApplication_Police', bearer(accessToken), {
        rentcode,
        tenantid: Number(tenant.id),
      });
      const applied = await post('process/user/application/DomesticHelperAndFamily', bearer(accessToken), {
        applid: created.body.applid,
        membercode: [],
        helperCode: [],
        recommendation: { kind: 'approval' },
      });
      if (i < WARM_UP) continue;
      times.create.push(created.ms);
      times.apply.push(applied.ms);
      times.pair.push(created.ms + applied.ms);
    }
    console.log(
      `\nOffice create + apply with recommendation on ${kind}: ${pairs} pairs after ${WARM_UP} warm-up\n`,
    );
    for (const [name, list] of Object.entries(times)) {
      const sorted = [...list].sort((a, b) => a - b);
      const fmt = (p: number) => percentile(sorted, p).toFixed(1).padStart(6);
      console.log(`${name.padEnd(8)} p50 ${fmt(50)} ms  p99 ${fmt(99)} ms  max ${fmt(100)} ms`);
    }
  } finally {
    await t.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
