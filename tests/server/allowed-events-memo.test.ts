import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { STATUS_CODES } from '../../machines/application';
import { ROLES } from '../../src/contract/roles';
import {
  allowedEventsFor,
  computeAllowedEvents,
  type WorkflowRow,
} from '../../src/server/workflow/application-facts';
import type { StaffIdentity } from '../../src/server/security/sessions';

// allowedEventsFor remembers its answer per kind of row (application-facts.ts). Whatever order rows and
// officials come in, the remembered answer must be the one the machine gives when asked afresh.

const WARDS = ['PS1701001LA01W01', 'PS1701001LA01W02', 'PS1701001LA02W01', 'PS1702001LA01W01'];
const USERCODES = [...WARDS, 'PS1701001LA01', 'PS1701001LA02', 'PS1701001', 'PS1702001', '1701', '17', ''];
const USERNAMES = ['mod.a', 'mod.b', 'sup.c'];

const staff: fc.Arbitrary<StaffIdentity> = fc.record({
  userId: fc.nat(10),
  username: fc.constantFrom(...USERNAMES),
  role: fc.constantFrom(...ROLES),
  usercode: fc.constantFrom(...USERCODES),
  level: fc.nat(5),
});

const fields = {
  applid: fc.integer({ min: 1, max: 1_000_000 }),
  status: fc.constantFrom(...STATUS_CODES),
  wardCode: fc.constantFrom(...WARDS),
  logby: fc.constantFrom(...USERNAMES, 'landlord'),
  landlordId: fc.constantFrom('1', '2'),
  officialActed: fc.boolean(),
  certified: fc.boolean(),
  deleted: fc.boolean(),
  cancelled: fc.boolean(),
  version: fc.nat(20),
  completed: fc.boolean(),
  rentcode: fc.constant('R1'),
};
const row: fc.Arbitrary<WorkflowRow> = fc.record(fields);
/** The same application with one or two facts changed: the memo must not answer it from the first. */
const variant = fc.record(fields, { requiredKeys: [] });
const asOfficial = fc.record(
  {
    username: fc.constantFrom(...USERNAMES),
    role: fc.constantFrom(...ROLES),
    usercode: fc.constantFrom(...USERCODES),
  },
  { requiredKeys: [] },
);

/** A cancellation is a kind of delete: the workflow never stores one without the other. */
const consistent = (r: WorkflowRow): WorkflowRow => ({ ...r, cancelled: r.deleted && r.cancelled });

describe('allowedEventsFor', () => {
  it('answers as the machine does, for any application, official and small change of either', () => {
    fc.assert(
      fc.property(
        row,
        staff,
        fc.array(fc.tuple(variant, asOfficial), { maxLength: 12 }),
        (base, official, changes) => {
          for (const [change, officialChange] of [[{}, {}] as const, ...changes]) {
            const application = consistent({ ...base, ...change });
            const asker = { ...official, ...officialChange };
            expect(allowedEventsFor(application, asker)).toEqual(computeAllowedEvents(application, asker));
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('hands out a copy, so a caller changing its answer cannot change the next one', () => {
    const official: StaffIdentity = {
      userId: 1,
      username: 'mod.a',
      role: 'MODERATOR',
      usercode: WARDS[0],
      level: 3,
    };
    const application: WorkflowRow = {
      applid: 1,
      status: 'LARP',
      wardCode: WARDS[0],
      logby: 'landlord',
      landlordId: '1',
      officialActed: false,
      certified: false,
      deleted: false,
      cancelled: false,
      version: 0,
      completed: true,
      rentcode: 'R1',
    };
    const first = allowedEventsFor(application, official);
    expect(first.length).toBeGreaterThan(0);
    first.length = 0;
    expect(allowedEventsFor(application, official)).toEqual(computeAllowedEvents(application, official));
    expect(allowedEventsFor(application, official).length).toBeGreaterThan(0);
  });
});
