import { and, desc, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  applicationPageSchema,
  PAGE_SIZE,
  type ApplicationPage,
} from '../../src/contract/applications.contract';
import { applications } from '../../src/server/db/schema';
import { useTestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';
import { api, insertApplications, prepareFixture, sessions, WARD_A } from './applications-fixtures';

// Zero-based pages: every page in turn gives the whole list once, in `applid desc` order, with the spec's flags.
// Pages past the middle are read from the oldest end of the index; they must still be the same rows.

describe.each(testDatabases())('application paging on %s', (kind) => {
  const t = useTestApp(kind);
  const headersOf = sessions(() => t.app);
  let expected: number[];

  beforeAll(async () => {
    const fixture = await prepareFixture(t.db, [WARD_A]);
    await insertApplications(
      t.db,
      fixture,
      Array.from({ length: 23 }, () => ({ shape: 'LAVP' as const, wardCode: WARD_A, logby: 'landlord' })),
    );
    const rows = await t.db
      .select({ applid: applications.applid })
      .from(applications)
      .where(
        and(
          eq(applications.localityCode, 'PS1701001LA01'),
          eq(applications.status, 'LAVP'),
          isNull(applications.deletedAt),
        ),
      )
      .orderBy(desc(applications.applid));
    expected = rows.map((r) => r.applid);
  });

  const page = async (
    n: number | string,
    size?: number | string,
  ): Promise<{ status: number; body: ApplicationPage }> => {
    const res = await t.app.inject({
      method: 'GET',
      url: api(
        `process/GetApplicationDetails/user/LAVP/PS1701001LA01/supermoderator/${n}${size === undefined ? '' : `?size=${size}`}`,
      ),
      headers: await headersOf('supermoderator'),
    });
    return { status: res.statusCode, body: res.json() };
  };

  it.each([1, 4, 5, 7, 10, 100])('walks the whole list in pages of %i', async (size) => {
    const pages = Math.ceil(expected.length / size);
    const seen: number[] = [];
    for (let n = 0; n < pages; n += 1) {
      const { body } = await page(n, size);
      const parsed = applicationPageSchema.parse(body);
      expect(parsed).toMatchObject({
        totalElements: expected.length,
        totalPages: pages,
        pageNumber: n,
        pageSize: size,
        iscurrentPageFirst: n === 0,
        iscurrentPageLast: n === pages - 1,
      });
      expect(parsed.applDto.length).toBe(n < pages - 1 ? size : expected.length - size * (pages - 1));
      seen.push(...parsed.applDto.map((r) => r.applid));
    }
    expect(seen).toEqual(expected);
  });

  it(`uses ${PAGE_SIZE} rows a page unless asked`, async () => {
    const { body } = await page(0);
    expect(body.pageSize).toBe(PAGE_SIZE);
    expect(body.applDto.map((r) => r.applid)).toEqual(expected.slice(0, PAGE_SIZE));
  });

  it('answers a page past the end with no rows, marked last', async () => {
    const { status, body } = await page(50, 10);
    expect(status).toBe(200);
    expect(body).toMatchObject({ applDto: [], iscurrentPageFirst: false, iscurrentPageLast: true });
  });

  it.each([
    ['-1', undefined, 'page: The page number must be a whole number from 0.'],
    ['abc', undefined, 'page: The page number must be a whole number from 0.'],
    ['0', '0', 'size: The page size must be a whole number from 1 to 100.'],
    ['0', '101', 'size: The page size must be a whole number from 1 to 100.'],
    ['0', 'ten', 'size: The page size must be a whole number from 1 to 100.'],
  ])('refuses page %s size %s with a clear message', async (n, size, message) => {
    const { status, body } = await page(n, size);
    expect(status).toBe(400);
    expect((body as unknown as { message: string }).message).toBe(message);
  });
});
