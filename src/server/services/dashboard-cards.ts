import { count, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  DASHBOARD_CARD_KEYS,
  DASHBOARD_CARD_LABELS,
  type DashboardCardKey,
  type DashboardSummaryReply,
} from '../../contract/dashboard.contract';
import type { Role } from '../../contract/roles';
import type { Db } from '../db/client';
import { localities, policeStations, wards } from '../db/schema';
import { jurisdictionOf, type JurisdictionScope } from '../security/jurisdiction-scope';
import type { StaffIdentity } from '../security/sessions';

type Counter = (db: Db, scope: JurisdictionScope) => Promise<number>;

interface CardDefinition {
  count: Counter;
  /** Roles that see the card; every staff role when absent. */
  roles?: readonly Role[];
}

/**
 * A unit counts for the caller when it lies inside the caller's jurisdiction, or contains it: a ward officer
 * sees its own station and locality counted once, a district officer every unit in the district.
 */
function inScope(code: PgColumn, scope: JurisdictionScope): SQL | undefined {
  if (scope.all) return undefined;
  return sql`(starts_with(${code}, ${scope.unitPrefix}) or starts_with(${scope.usercode}, ${code}))`;
}

function countUnits(table: PgTable, code: PgColumn): Counter {
  return async (db, scope) => {
    const [row] = await db.select({ n: count() }).from(table).where(inScope(code, scope));
    return row?.n ?? 0;
  };
}

/** The one table of cards: a later card (applications, tenants, landlords) is one more entry here. */
export const DASHBOARD_CARDS: Record<DashboardCardKey, CardDefinition> = {
  policeStations: { count: countUnits(policeStations, policeStations.code) },
  localities: { count: countUnits(localities, localities.code) },
  subLocalities: { count: countUnits(wards, wards.code) },
};

/** The caller's cards, in the contract's order, with live counts over the caller's jurisdiction. */
export async function dashboardSummary(db: Db, staff: StaffIdentity): Promise<DashboardSummaryReply> {
  const scope = jurisdictionOf(staff);
  const visible = DASHBOARD_CARD_KEYS.filter(
    (key) => DASHBOARD_CARDS[key].roles?.includes(staff.role) ?? true,
  );
  const counts = await Promise.all(visible.map((key) => DASHBOARD_CARDS[key].count(db, scope)));
  return { cards: visible.map((key, i) => ({ key, label: DASHBOARD_CARD_LABELS[key], count: counts[i] })) };
}
