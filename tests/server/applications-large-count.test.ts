import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StaffIdentity } from '../../src/server/security/sessions';
import {
  countApplications,
  LARGE_COUNT,
  listApplications,
  type ListRequest,
} from '../../src/server/services/applications-list.service';
import { useTestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';
import { insertApplications, prepareFixture, WARD_A, WARD_B, type Fixture } from './applications-fixtures';

// A list of LARGE_COUNT applications or more keeps its count for a few seconds (applications-list.service.ts):
// its page count may lag, its rows never do. A smaller list is counted on every request.

const official: StaffIdentity = {
  userId: 1,
  username: 'admin',
  role: 'ADMIN',
  usercode: '17',
  level: 1,
};
const wardList = (wardCode: string, status: 'LAVP' | 'LARP'): ListRequest => ({
  scope: { level: 'ward', code: wardCode },
  status,
  variant: 'complete',
  page: 0,
  size: 10,
});

describe.each(testDatabases())('large list counts on %s', (kind) => {
  const t = useTestApp(kind);
  let fixture: Fixture;
  const add = (wardCode: string, shape: 'LAVP' | 'LARP', n = 1) =>
    insertApplications(
      t.db,
      fixture,
      Array.from({ length: n }, () => ({ shape, wardCode, logby: 'landlord' })),
    );

  beforeAll(async () => {
    fixture = await prepareFixture(t.db, [WARD_A, WARD_B]);
    await add(WARD_A, 'LAVP', LARGE_COUNT);
  }, 120_000);

  afterEach(() => vi.restoreAllMocks());

  it('keeps a large count for five seconds while the rows stay current', async () => {
    const big = wardList(WARD_A, 'LAVP');
    const before = await countApplications(t.db, big);
    expect(before).toBeGreaterThanOrEqual(LARGE_COUNT);

    const [newest] = await add(WARD_A, 'LAVP');
    expect(await countApplications(t.db, big)).toBe(before);
    const page = await listApplications(t.db, official, big);
    expect(page.applDto[0].applid).toBe(newest);
    expect(page.totalPages).toBe(Math.ceil(before / 10));

    const now = performance.now();
    vi.spyOn(performance, 'now').mockReturnValue(now + 5_001);
    expect(await countApplications(t.db, big)).toBe(before + 1);
    expect((await listApplications(t.db, official, big)).totalPages).toBe(Math.ceil((before + 1) / 10));
  });

  it('counts a smaller list afresh on every request', async () => {
    const small = wardList(WARD_B, 'LARP');
    const before = await countApplications(t.db, small);
    expect(before).toBeLessThan(LARGE_COUNT);
    await add(WARD_B, 'LARP');
    expect(await countApplications(t.db, small)).toBe(before + 1);
    await add(WARD_B, 'LARP');
    expect((await listApplications(t.db, official, small)).totalPages).toBe(Math.ceil((before + 2) / 10));
  });
});
