import { and, count, countDistinct, isNull, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DASHBOARD_CARD_LABELS, dashboardSummaryReplySchema } from '../../src/contract/dashboard.contract';
import { landlords, rentalUnits, tenants } from '../../src/server/db/schema';
import { useTestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';
import { api, sessions } from './applications-fixtures';

// The application, tenant and landlord cards (docs/dashboard.md): which account gets which card, and that each
// count is the total of the list the card opens, over the account's own jurisdiction.

const CARDS_OF: Record<string, string[]> = {
  admin: ['policeStations', 'localities', 'subLocalities', 'totalTenants', 'totalLandlords'],
  supervisor: ['policeStations', 'localities', 'subLocalities', 'totalTenants', 'totalLandlords'],
  verifier: [
    'localities',
    'subLocalities',
    'pending',
    'approved',
    'rejected',
    'tenants',
    'shiftedTenants',
    'landlords',
  ],
  user: ['pending', 'approved', 'rejected'],
  police: [
    'localities',
    'subLocalities',
    'pending',
    'approved',
    'rejected',
    'tenants',
    'shiftedTenants',
    'landlords',
  ],
  locality: ['subLocalities', 'pending', 'approved', 'rejected', 'tenants', 'shiftedTenants', 'landlords'],
  supermoderator: [
    'subLocalities',
    'pending',
    'approved',
    'rejected',
    'tenants',
    'shiftedTenants',
    'landlords',
  ],
  supermoderator2: [
    'subLocalities',
    'pending',
    'approved',
    'rejected',
    'tenants',
    'shiftedTenants',
    'landlords',
  ],
  moderator: ['pending', 'forwarded', 'approved', 'rejected', 'tenants', 'shiftedTenants', 'landlords'],
  moderator2: ['pending', 'forwarded', 'approved', 'rejected', 'tenants', 'shiftedTenants', 'landlords'],
};

/** The status behind each application card: the moderator's pending list is LARP, everyone else's LAVP. */
const STATUS_OF_CARD = (card: string, username: string) =>
  ({
    pending: username.startsWith('moderator') ? 'LARP' : 'LAVP',
    forwarded: 'LAVP',
    approved: 'PLVP',
    rejected: 'RJT',
    tenants: 'PLVP',
    shiftedTenants: 'APARV',
  })[card];

const UNIT_PREFIX: Record<string, string> = {
  verifier: 'PS1701',
  police: 'PS1701001',
  locality: 'PS1701001LA01',
  supermoderator: 'PS1701001LA01',
  supermoderator2: 'PS1701001LA02',
  moderator: 'PS1701001LA01W01',
  moderator2: 'PS1701001LA02W01',
};

describe.each(testDatabases())('dashboard application cards on %s', (kind) => {
  const t = useTestApp(kind);
  const headersOf = sessions(() => t.app);

  it.each(Object.keys(CARDS_OF))(
    'gives %s its cards, each counting what its list holds',
    async (username) => {
      const headers = await headersOf(username);
      const res = await t.app.inject({ method: 'GET', url: api('dashboard/summary'), headers });
      const { cards } = dashboardSummaryReplySchema.parse(res.json());
      expect(cards.map((c) => c.key)).toEqual(CARDS_OF[username]);
      for (const card of cards) {
        expect(card.label).toBe(DASHBOARD_CARD_LABELS[card.key]);
        const status = STATUS_OF_CARD(card.key, username);
        if (status) {
          const total = await t.app.inject({
            method: 'GET',
            url: api(`process/GetTotalApplications/user/${username}/${status}`),
            headers,
          });
          expect([card.key, card.count]).toEqual([card.key, total.json().count]);
        }
      }
      const landlordCard = cards.find((c) => c.key === 'landlords');
      if (landlordCard) {
        const [row] = await t.db
          .select({ n: countDistinct(rentalUnits.landlordId) })
          .from(rentalUnits)
          .where(
            and(like(rentalUnits.wardCode, `${UNIT_PREFIX[username]}%`), isNull(rentalUnits.disownedAt)),
          );
        expect(landlordCard.count).toBe(row.n);
      }
    },
  );

  it('counts every registered tenant and landlord for the statewide roles', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: api('dashboard/summary'),
      headers: await headersOf('admin'),
    });
    const { cards } = dashboardSummaryReplySchema.parse(res.json());
    const [tenantCount] = await t.db.select({ n: count() }).from(tenants);
    const [landlordCount] = await t.db.select({ n: count() }).from(landlords);
    expect(cards.find((c) => c.key === 'totalTenants')?.count).toBe(tenantCount.n);
    expect(cards.find((c) => c.key === 'totalLandlords')?.count).toBe(landlordCount.n);
  });

  it('gives the moderator non-zero pending and forwarded counts from the demo', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: api('dashboard/summary'),
      headers: await headersOf('moderator'),
    });
    const counts = Object.fromEntries(
      dashboardSummaryReplySchema.parse(res.json()).cards.map((c) => [c.key, c.count]),
    );
    // docs/data-model.md: three LARP and one LAVP in the moderator's ward, one approved.
    expect(counts).toMatchObject({ pending: 3, forwarded: 1, approved: 1, tenants: 1 });
  });
});
