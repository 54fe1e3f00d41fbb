import { count } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  DASHBOARD_CARD_KEYS,
  DASHBOARD_CARD_LABELS,
  type DashboardCardKey,
  type DashboardSummaryReply,
} from '../../contract/dashboard.contract';
import { listStatusFor, type ListPage } from '../../../machines/application';
import type { Role } from '../../contract/roles';
import type { Db } from '../db/client';
import { localities, policeStations, wards } from '../db/schema';
import { jurisdictionOf } from '../security/jurisdiction-scope';
import type { StaffIdentity } from '../security/sessions';
import { countApplications } from './applications-list.service';
import { scopeOfStaff } from './applications-scope';
import { unitInScope } from './jurisdiction-admin-lists.service';
import { countLandlords, countTenants } from './landlords-register.service';

type Counter = (db: Db, staff: StaffIdentity) => Promise<number>;

interface CardDefinition {
  count: Counter;
  /** Roles that see the card; every staff role when absent. */
  roles?: readonly Role[];
}

function countUnits(table: PgTable, code: PgColumn): Counter {
  return async (db, staff) => {
    const [row] = await db
      .select({ n: count() })
      .from(table)
      .where(unitInScope(code, jurisdictionOf(staff)));
    return row?.n ?? 0;
  };
}

/**
 * The applications of one list page, as that page shows them to the caller: the status is the page's status for
 * the caller's role (listStatusFor), the scope the caller's jurisdiction, so a card's count is its list's total.
 */
function countListPage(page: ListPage): Counter {
  return (db, staff) =>
    countApplications(db, {
      scope: scopeOfStaff(staff),
      status: listStatusFor(page, staff.role),
      variant: 'complete',
    });
}

/** Which roles see which card: docs/dashboard.md gives the reasons. */
const ROLES_WITH = {
  stations: ['ADMIN', 'SUPERVISOR'],
  localities: ['ADMIN', 'SUPERVISOR', 'VERIFIER', 'POLICE'],
  subLocalities: ['ADMIN', 'SUPERVISOR', 'VERIFIER', 'POLICE', 'SUPERMODERATOR', 'LOCALITY'],
  pending: ['VERIFIER', 'MODERATOR', 'SUPERMODERATOR', 'USER', 'POLICE', 'LOCALITY'],
  forwarded: ['MODERATOR'],
  decided: ['VERIFIER', 'MODERATOR', 'SUPERMODERATOR', 'USER', 'POLICE', 'LOCALITY'],
  tenants: ['VERIFIER', 'MODERATOR', 'SUPERMODERATOR', 'POLICE', 'LOCALITY'],
  landlords: ['VERIFIER', 'MODERATOR', 'SUPERMODERATOR', 'POLICE', 'LOCALITY'],
  totals: ['ADMIN', 'SUPERVISOR'],
} as const satisfies Record<string, readonly Role[]>;

/** The one table of cards: a new card is one more entry here (and its label in the contract). */
export const DASHBOARD_CARDS: Record<DashboardCardKey, CardDefinition> = {
  policeStations: { count: countUnits(policeStations, policeStations.code), roles: ROLES_WITH.stations },
  localities: { count: countUnits(localities, localities.code), roles: ROLES_WITH.localities },
  subLocalities: { count: countUnits(wards, wards.code), roles: ROLES_WITH.subLocalities },
  pending: { count: countListPage('pending'), roles: ROLES_WITH.pending },
  forwarded: { count: countListPage('forwarded'), roles: ROLES_WITH.forwarded },
  approved: { count: countListPage('approved'), roles: ROLES_WITH.decided },
  rejected: { count: countListPage('rejected'), roles: ROLES_WITH.decided },
  tenants: { count: countListPage('approvedTenants'), roles: ROLES_WITH.tenants },
  shiftedTenants: { count: countListPage('shiftedTenants'), roles: ROLES_WITH.tenants },
  landlords: { count: countLandlords, roles: ROLES_WITH.landlords },
  // Statewide roles only: for them the register's counts are every registered tenant and landlord.
  totalTenants: { count: countTenants, roles: ROLES_WITH.totals },
  totalLandlords: { count: countLandlords, roles: ROLES_WITH.totals },
};

/** The caller's cards, in the contract's order, with live counts over the caller's jurisdiction. */
export async function dashboardSummary(db: Db, staff: StaffIdentity): Promise<DashboardSummaryReply> {
  const visible = DASHBOARD_CARD_KEYS.filter(
    (key) => DASHBOARD_CARDS[key].roles?.includes(staff.role) ?? true,
  );
  const counts = await Promise.all(visible.map((key) => DASHBOARD_CARDS[key].count(db, staff)));
  return { cards: visible.map((key, i) => ({ key, label: DASHBOARD_CARD_LABELS[key], count: counts[i] })) };
}
