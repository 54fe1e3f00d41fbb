import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../src/server/db/seed/demo-hierarchy';
import { useTestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';
import {
  api,
  footprints,
  insertApplications,
  PLACES,
  prepareFixture,
  replayMismatches,
  sessions,
  SHAPES,
  type Fixture,
  type Place,
  type RowSpec,
  type Shape,
} from './applications-fixtures';

// The permission matrix: every seeded account x every lifecycle action x every status (and certified,
// deleted) x three wards (inside or outside each account's jurisdiction) x logged by a landlord or by the
// account itself. Each cell is a fresh application; each answer is checked against the table below, which is
// written from the spec and docs/application-lifecycle.md, not asked of the lifecycle machine.

const ACCOUNTS = DEMO_ACCOUNTS.map((a) => a.username);
type Account = (typeof ACCOUNTS)[number];

const ACTIONS = {
  'application.recommendApproval': {},
  'application.recommendRejection': { reason: 'Lack of Documents', remarks: 'The scan is blurred.' },
  'application.requestRectification': { remarks: 'Please upload a clear photograph.' },
  'application.resubmit': {},
  'application.accept': {},
  'application.decline': { reason: 'Criminal Issues' },
  'application.certify': {},
  'application.delete': {},
  'tenant.vacate': {},
} as const;
type Action = keyof typeof ACTIONS;

/** Who can open an application of each ward (the rest get 404, as for a missing id, whatever they try). */
const SEES: Record<Place, Account[]> = {
  A: ['admin', 'supervisor', 'verifier', 'user', 'police', 'locality', 'supermoderator', 'moderator'],
  B: ['admin', 'supervisor', 'verifier', 'user'],
  C: ['admin', 'supervisor'],
};

/**
 * The only cells that succeed. `any`: whoever logged the application; `self`: only when the account logged it.
 * Every other cell is refused: 404 if the account cannot see the ward (answered as a missing id), else 409.
 */
type Grant = Partial<Record<Place, { any?: Account[]; self?: Account[] }>>;
const HOLDERS_OF_A: Grant = { A: { any: ['moderator', 'supermoderator'] } };
const GRANTS: Record<Action, Partial<Record<Shape, Grant>>> = {
  'application.recommendApproval': { LARP: { A: { any: ['moderator'] } } },
  'application.recommendRejection': { LARP: { A: { any: ['moderator'] } } },
  'application.requestRectification': {
    LARP: { A: { any: ['moderator'] } },
    LAVP: { A: { any: ['supermoderator'] } },
  },
  'application.resubmit': {
    RECT: {
      A: { self: ['user', 'moderator', 'supermoderator', 'verifier'] },
      B: { self: ['user', 'verifier'] },
    },
  },
  'application.accept': { LAVP: { A: { any: ['supermoderator', 'verifier'] }, B: { any: ['verifier'] } } },
  'application.decline': { LAVP: { A: { any: ['supermoderator', 'verifier'] }, B: { any: ['verifier'] } } },
  'application.certify': { PLVP: { A: { any: ['supermoderator'] } } },
  'application.delete': { LAVP: { A: { self: ['moderator'] } } },
  'tenant.vacate': {
    LARP: HOLDERS_OF_A,
    LAVP: HOLDERS_OF_A,
    RECT: HOLDERS_OF_A,
    PLVP: HOLDERS_OF_A,
    'PLVP.certified': HOLDERS_OF_A,
  },
};

interface Cell {
  account: Account;
  action: Action;
  shape: Shape;
  place: Place;
  loggedBySelf: boolean;
}

function expectedStatus(cell: Cell): number {
  const grant = GRANTS[cell.action][cell.shape]?.[cell.place];
  const granted =
    (grant?.any ?? []).includes(cell.account) ||
    (cell.loggedBySelf && (grant?.self ?? []).includes(cell.account));
  if (granted) return 200;
  return SEES[cell.place].includes(cell.account) ? 409 : 404;
}

const cellName = (c: Cell) =>
  `${c.account} ${c.action} on ${c.shape} in ${c.place}${c.loggedBySelf ? ' (own)' : ''}`;

describe.each(testDatabases())('application permission matrix on %s', (kind) => {
  const t = useTestApp(kind);
  const headersOf = sessions(() => t.app);
  let fixture: Fixture;
  const seen = new Set<number>();

  const cellsOf = (account: Account): Cell[] =>
    (Object.keys(ACTIONS) as Action[]).flatMap((action) =>
      SHAPES.flatMap((shape) =>
        (Object.keys(PLACES) as Place[]).flatMap((place) =>
          [false, true].map((loggedBySelf) => ({ account, action, shape, place, loggedBySelf })),
        ),
      ),
    );

  it.each(ACCOUNTS)(
    'answers every cell for %s as the table says, writing only on success',
    async (account) => {
      fixture ??= await prepareFixture(t.db, Object.values(PLACES));
      const cells = cellsOf(account);
      const specs: RowSpec[] = cells.map((c) => ({
        shape: c.shape,
        wardCode: PLACES[c.place],
        logby: c.loggedBySelf ? c.account : 'landlord',
      }));
      const ids = await insertApplications(t.db, fixture, specs);
      ids.forEach((id) => seen.add(id));
      const before = await footprints(t.db, ids);
      const headers = await headersOf(account);

      const answers: number[] = [];
      const messages: string[] = [];
      for (let start = 0; start < cells.length; start += 8) {
        const chunk = cells.slice(start, start + 8).map((cell, i) =>
          t.app.inject({
            method: 'POST',
            url: api('process/updateApplication'),
            headers,
            payload: { applid: ids[start + i], event: cell.action, ...ACTIONS[cell.action] },
          }),
        );
        for (const res of await Promise.all(chunk)) {
          answers.push(res.statusCode);
          messages.push(res.json<{ message: string }>().message);
        }
      }

      const after = await footprints(t.db, ids);
      const wrong = cells.flatMap((cell, i) => {
        const expected = expectedStatus(cell);
        const moved = after.get(ids[i])!.version - before.get(ids[i])!.version;
        const flowAdded = after.get(ids[i])!.flow - before.get(ids[i])!.flow;
        const wrote = expected === 200 ? 1 : 0;
        return answers[i] === expected && moved === wrote && flowAdded === wrote
          ? []
          : [
              `${cellName(cell)}: expected ${expected}, got ${answers[i]} '${messages[i]}' (version +${moved}, flow +${flowAdded})`,
            ];
      });
      expect(wrong).toEqual([]);
      // Refusals always say why: the machine's or the workflow's message, never a bare status.
      expect(messages.every((m) => typeof m === 'string' && m.length > 10)).toBe(true);
    },
  );

  it('leaves every application replayable: its flow log replays to its stored status', async () => {
    expect(seen.size).toBe(ACCOUNTS.length * 432);
    expect(await replayMismatches(t.db)).toEqual([]);
  });
});
