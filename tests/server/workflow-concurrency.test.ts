import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applications } from '../../src/server/db/schema';
import { useTestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';
import {
  api,
  footprints,
  insertApplications,
  prepareFixture,
  sessions,
  WARD_A,
  type Shape,
} from './applications-fixtures';

// Two officials act on one application at the same moment: exactly one step is written. On PostgreSQL the
// requests really race (one pool connection each); PGlite runs them one after the other, and the loser is
// refused by the lifecycle instead of by the version check. Either way: one 200, one 409, one new flow entry.

const STALE = 'This application was changed by someone else. Please reload it.';

type Attempt = [username: string, body: Record<string, unknown>];

const RACES: [name: string, shape: Shape, attempts: Attempt[], winners: string[]][] = [
  [
    'accept against decline by the locality officer',
    'LAVP',
    [
      ['supermoderator', { event: 'application.accept' }],
      ['supermoderator', { event: 'application.decline', reason: 'Criminal Issues' }],
    ],
    ['PLVP', 'RJT'],
  ],
  [
    'the same recommendation sent twice',
    'LARP',
    [
      ['moderator', { applStatus: { applstatus: 'LAVP' }, remarks: '(May be Accepted)' }],
      ['moderator', { applStatus: { applstatus: 'LAVP' }, remarks: '(May be Accepted)' }],
    ],
    ['LAVP'],
  ],
  [
    // The old client's accept names the status it wants; the second one must not be read as a certification.
    'two locality officers sending the legacy accept',
    'LAVP',
    [
      ['supermoderator', { applStatus: { applstatus: 'PLVP' }, remarks: '' }],
      ['locality', { applStatus: { applstatus: 'PLVP' }, remarks: '' }],
    ],
    ['PLVP'],
  ],
  [
    'the locality officer and the district verifier accepting together',
    'LAVP',
    [
      ['supermoderator', { event: 'application.accept' }],
      ['verifier', { event: 'application.accept' }],
    ],
    ['PLVP'],
  ],
  [
    'six actions at once',
    'LAVP',
    [
      ['supermoderator', { event: 'application.accept' }],
      ['verifier', { event: 'application.decline', reason: 'Invalid Documents' }],
      ['supermoderator', { event: 'application.requestRectification', remarks: 'Add the photo.' }],
      ['verifier', { event: 'application.accept' }],
      ['verifier', { event: 'application.decline', reason: 'Lack of Documents' }],
      ['supermoderator', { event: 'application.requestRectification', remarks: 'Add the signature.' }],
    ],
    // Any one of them closes the door on all the others, whatever order they run in.
    ['PLVP', 'RJT', 'RECT'],
  ],
];

describe.each(testDatabases())('concurrent workflow actions on %s', (kind) => {
  const t = useTestApp(kind);
  const headersOf = sessions(() => t.app);

  const fire = async (id: number, attempts: Attempt[]) => {
    const requests = await Promise.all(
      attempts.map(async ([username, body]) => ({
        method: 'POST' as const,
        url: api('process/updateApplication'),
        headers: await headersOf(username),
        payload: { applid: id, ...body },
      })),
    );
    return Promise.all(requests.map((request) => t.app.inject(request)));
  };

  it.each(RACES)('lets exactly one step through: %s', async (_name, shape, attempts, winners) => {
    const fixture = await prepareFixture(t.db, [WARD_A]);
    const ids = await insertApplications(
      t.db,
      fixture,
      Array.from({ length: 5 }, () => ({ shape, wardCode: WARD_A, logby: 'landlord' })),
    );
    const before = await footprints(t.db, ids);
    // Five applications raced at once, so the requests overlap in every order the scheduler likes.
    const results = await Promise.all(ids.map((id) => fire(id, attempts)));
    const after = await footprints(t.db, ids);
    for (const [i, id] of ids.entries()) {
      const codes = results[i].map((r) => r.statusCode).sort();
      expect(codes, `application ${id}`).toEqual([200, ...Array(attempts.length - 1).fill(409)]);
      for (const loser of results[i].filter((r) => r.statusCode === 409))
        expect(loser.json().message.length).toBeGreaterThan(10);
      expect(after.get(id)!.flow - before.get(id)!.flow).toBe(1);
      expect(after.get(id)!.version - before.get(id)!.version).toBe(1);
      const [row] = await t.db.select().from(applications).where(eq(applications.applid, id));
      const winner = results[i].find((r) => r.statusCode === 200)!.json();
      expect(winners).toContain(row.status);
      expect(row.status).toBe(winner.status);
      // One step and no more: an accept never turns into a certification on the way.
      expect(row.certifiedAt).toBeNull();
    }
  });
});

// A deterministic race on PostgreSQL: the test holds the row lock until both requests have read the same
// version and wait at their UPDATE; the first then commits and the second finds no row at its version.
describe.each(testDatabases().filter((kind) => kind === 'postgres'))(
  'the version guard under a real race on %s',
  (kind) => {
    const t = useTestApp(kind);
    const headersOf = sessions(() => t.app);

    /** Polls until `n` sessions of this database wait for a lock: both requests have reached their UPDATE. */
    const untilWaitingOnLocks = async (n: number) => {
      for (let tries = 0; tries < 250; tries += 1) {
        const result = await t.db.execute(
          sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        );
        if (Number((result as { rows: { n: number }[] }).rows[0].n) >= n) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`fewer than ${n} sessions ever waited on the row lock`);
    };

    it('answers the loser 409 with the reload message and writes one flow entry', async () => {
      const fixture = await prepareFixture(t.db, [WARD_A]);
      const [id] = await insertApplications(t.db, fixture, [
        { shape: 'LAVP', wardCode: WARD_A, logby: 'landlord' },
      ]);
      const headers = await headersOf('supermoderator');
      const before = await footprints(t.db, [id]);
      let racing: Promise<Awaited<ReturnType<typeof t.app.inject>>[]> = Promise.resolve([]);
      await t.db.transaction(async (tx) => {
        await tx.execute(sql`select applid from applications where applid = ${id} for update`);
        racing = Promise.all(
          [{ event: 'application.accept' }, { event: 'application.decline', reason: 'Criminal Issues' }].map(
            (body) =>
              t.app.inject({
                method: 'POST',
                url: api('process/updateApplication'),
                headers,
                payload: { applid: id, ...body },
              }),
          ),
        );
        await untilWaitingOnLocks(2);
      });
      const replies = await racing;
      const after = await footprints(t.db, [id]);
      expect(after.get(id)!.flow - before.get(id)!.flow).toBe(1);
      expect(after.get(id)!.version - before.get(id)!.version).toBe(1);
      expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(replies.find((r) => r.statusCode === 409)!.json().message).toBe(STALE);
    });
  },
);
