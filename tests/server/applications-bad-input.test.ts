import { count } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { applicationFlow, applications } from '../../src/server/db/schema';
import { useTestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';
import {
  api,
  footprints,
  insertApplications,
  prepareFixture,
  sessions,
  WARD_A,
} from './applications-fixtures';

// Malformed ids, unknown actions, missing reasons, blank remarks and huge strings answer 400 with a message a
// person can act on, never 500, and write nothing: the target applications keep their version and flow.

const HUGE = 'x'.repeat(100_000);

describe.each(testDatabases())('application API bad input on %s', (kind) => {
  const t = useTestApp(kind);
  const headersOf = sessions(() => t.app);
  let larp: number;
  let lavp: number;
  let totals: { applications: number; flow: number };

  const tally = async () => ({
    applications: (await t.db.select({ n: count() }).from(applications))[0].n,
    flow: (await t.db.select({ n: count() }).from(applicationFlow))[0].n,
  });

  beforeAll(async () => {
    const fixture = await prepareFixture(t.db, [WARD_A]);
    [larp, lavp] = await insertApplications(t.db, fixture, [
      { shape: 'LARP', wardCode: WARD_A, logby: 'landlord' },
      { shape: 'LAVP', wardCode: WARD_A, logby: 'moderator' },
    ]);
    totals = await tally();
  });

  const post = async (username: string, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: api('process/updateApplication'),
      headers: { ...(await headersOf(username)), 'content-type': 'application/json' },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });

  const BODIES: [name: string, username: string, body: () => unknown, message: string][] = [
    ['no body fields', 'moderator', () => ({}), 'applid: The application id must be a whole number.'],
    [
      'a text id',
      'moderator',
      () => ({ applid: 'abc', event: 'application.recommendApproval' }),
      'applid: The application id must be a whole number.',
    ],
    [
      'a fractional id',
      'moderator',
      () => ({ applid: 1.5, event: 'application.recommendApproval' }),
      'applid: The application id must be a whole number.',
    ],
    [
      'a negative id',
      'moderator',
      () => ({ applid: -3, event: 'application.recommendApproval' }),
      'applid: The application id must be a whole number.',
    ],
    [
      'an unknown action',
      'moderator',
      () => ({ applid: larp, event: 'application.approve' }),
      'event: Unknown action.',
    ],
    [
      'neither action nor status',
      'moderator',
      () => ({ applid: larp, remarks: '(May be Accepted)' }),
      'applStatus: Say which action to take (event) or the status to move the application to (applStatus).',
    ],
    [
      'an unknown status',
      'moderator',
      () => ({ applid: larp, applStatus: { applstatus: 'DONE' } }),
      'applStatus.applstatus: Unknown application status: use one of LARP, LAVP, PLVP, RJT, RECT, APARV.',
    ],
    [
      'a wrong application type',
      'moderator',
      () => ({ applid: larp, appltype: 'OTHER', event: 'application.recommendApproval' }),
      'appltype: The application type must be APPLPS.',
    ],
    [
      'a negative version',
      'moderator',
      () => ({ applid: larp, event: 'application.recommendApproval', version: -1 }),
      'version: The version must be a whole number.',
    ],
    [
      'a rejection without a reason',
      'moderator',
      () => ({ applid: larp, event: 'application.recommendRejection', remarks: 'Blurred.' }),
      'Please select a reason for rejection.',
    ],
    [
      'a reason not on the list',
      'moderator',
      () => ({
        applid: larp,
        event: 'application.recommendRejection',
        reason: 'Bad vibes',
        remarks: 'Blurred.',
      }),
      'Please select a reason for rejection.',
    ],
    [
      'Others without its text',
      'moderator',
      () => ({
        applid: larp,
        event: 'application.recommendRejection',
        reason: 'Others',
        remarks: 'Blurred.',
      }),
      'Please type the reason for rejection.',
    ],
    [
      'a rejection with blank remarks',
      'moderator',
      () => ({
        applid: larp,
        event: 'application.recommendRejection',
        reason: 'Invalid Documents',
        remarks: '   ',
      }),
      'Remarks are required.',
    ],
    [
      'a rectification with empty remarks',
      'moderator',
      () => ({ applid: larp, event: 'application.requestRectification', remarks: '' }),
      'Remarks are required.',
    ],
    [
      'remarks over 500 characters',
      'moderator',
      () => ({ applid: larp, event: 'application.requestRectification', remarks: 'y'.repeat(501) }),
      'Remarks must be at most 500 characters.',
    ],
    [
      'huge remarks',
      'moderator',
      () => ({ applid: larp, event: 'application.requestRectification', remarks: HUGE }),
      'remarks: The remarks are too long.',
    ],
    [
      'a huge reason',
      'supermoderator',
      () => ({ applid: lavp, event: 'application.decline', reason: HUGE }),
      'reason: The reason is too long.',
    ],
    [
      'a huge other reason',
      'supermoderator',
      () => ({ applid: lavp, event: 'application.decline', reason: 'Others', otherReason: HUGE }),
      'otherReason: The reason must be at most 200 characters.',
    ],
    [
      'an other reason over 200 characters',
      'supermoderator',
      () => ({ applid: lavp, event: 'application.decline', reason: 'Others', otherReason: 'z'.repeat(201) }),
      'The reason must be at most 200 characters.',
    ],
    [
      'a legacy forward with unknown remarks',
      'moderator',
      () => ({ applid: larp, applStatus: { applstatus: 'LAVP' }, remarks: 'looks fine' }),
      "To forward an application, the remarks must be '(May be Accepted)' or '(Recommended for rejection: <reason>)'.",
    ],
    [
      'a legacy decline without a reason',
      'supermoderator',
      () => ({ applid: lavp, applStatus: { applstatus: 'RJT' }, remarks: '' }),
      'Please select a reason for rejection.',
    ],
    ['a body that is not JSON', 'moderator', () => '{"applid": 1,', 'The request body is not valid JSON'],
    [
      'a huge unknown field',
      'moderator',
      () => ({ applid: larp, applStatus: { applstatus: 'LAVP' }, remarks: HUGE.slice(0, 2000) }),
      'remarks: The remarks are too long.',
    ],
  ];

  it.each(BODIES)('refuses %s with 400 and a clear message', async (_name, username, body, message) => {
    const res = await post(username, body());
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it.each([
    ['GET', 'process/GetApplicationDetail/abc', 'id: The application id must be a whole number.'],
    ['GET', 'process/GetApplicationDetail/0', 'id: The application id must be a whole number.'],
    ['GET', 'process/GetApplicationDetail/-4', 'id: The application id must be a whole number.'],
    ['GET', 'process/GetApplicationDetail/1e3', 'id: The application id must be a whole number.'],
    [
      'GET',
      `process/GetApplicationDetail/${'9'.repeat(30)}`,
      'id: The application id must be a whole number.',
    ],
    ['GET', 'process/applicationFlow/12abc', 'id: The application id must be a whole number.'],
    ['PUT', 'process/updateApplication/x1', 'id: The application id must be a whole number.'],
    ['PUT', 'process/updateApplication/5?version=old', 'version: The version must be a whole number.'],
    [
      'GET',
      'process/GetApplicationStatus/7/ABC12',
      'landlordEpic: The landlord EPIC number must be 3 letters and 7 digits.',
    ],
    [
      'GET',
      'process/GetApplicationDetails/user/DONE/PS1701001LA01W01/moderator/0',
      'status: Unknown application status: use one of LARP, LAVP, PLVP, RJT, RECT, APARV.',
    ],
    [
      'GET',
      'process/GetApplicationDetails/user/LARP/WARD1/moderator/0',
      'code: The jurisdiction code is not a state, district, police station, locality or ward code.',
    ],
    [
      'GET',
      `process/GetApplicationDetails/user/LARP/${'P'.repeat(40)}/moderator/0`,
      'code: The jurisdiction code is too long.',
    ],
    [
      'GET',
      `process/GetApplicationDetails/user/LARP/PS1701001LA01W01/${'m'.repeat(65)}/0`,
      'username: Username is too long.',
    ],
    [
      'GET',
      'process/GetTotalApplications/user/moderator/pending',
      'status: Unknown application status: use one of LARP, LAVP, PLVP, RJT, RECT, APARV.',
    ],
  ])('refuses %s %s with 400', async (method, path, message) => {
    const res = await t.app.inject({
      method: method as 'GET',
      url: api(path),
      headers: await headersOf('moderator'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('answers 404 for an application that does not exist, on every call', async () => {
    const headers = await headersOf('moderator');
    for (const [method, path] of [
      ['GET', 'process/GetApplicationDetail/987654'],
      ['GET', 'process/applicationFlow/987654'],
      ['PUT', 'process/updateApplication/987654'],
      ['GET', 'process/GetApplicationStatus/987654/KHS1234567'],
    ] as const) {
      const res = await t.app.inject({ method, url: api(path), headers });
      expect([path, res.statusCode]).toEqual([path, 404]);
    }
    const res = await post('moderator', { applid: 987654, event: 'application.recommendApproval' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Application 987654 was not found.');
  });

  it('asks for a session before anything else', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: api('process/updateApplication'),
      payload: { applid: larp },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Authentication Failed');
  });

  it('wrote nothing for any of it', async () => {
    const marks = await footprints(t.db, [larp, lavp]);
    expect(marks.get(larp)).toEqual({ version: 0, flow: 1 });
    expect(marks.get(lavp)).toEqual({ version: 1, flow: 2 });
    expect(await tally()).toEqual(totals);
  });
});
