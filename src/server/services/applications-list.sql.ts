import type { NamedStatement } from '../db/prepared';
import type { ListScope } from './applications-scope';

/**
 * The SQL of the officials' lists. A list page is the hottest call of the back office, so it is one prepared
 * statement and one round trip: the count (or the count the caller already knows), the page's ids from the
 * scope's partial list index, and the page's rows with their names and address as JSON, which the driver parses
 * natively. Drizzle's query builder cost more CPU building and mapping these than the database spent answering
 * them (docs/measurements.md), so the text is written here once per shape and prepared once per connection.
 */

/** Which applications of a status a list reads: only a LARP list can hold incomplete applications. */
export type Completeness = 'any' | 'complete' | 'incomplete';
export type ScopeLevel = Exclude<ListScope['level'], 'none'>;

/** The values a list statement takes, bound by name to the shape's $n. */
export interface ListValues {
  code: string;
  status: string;
  /** The count when the caller knows it (a cached large count); null counts now. */
  knownTotal: number | null;
  take: number;
  skip: number;
}

export interface ListStatement extends NamedStatement {
  order: (keyof ListValues)[];
}

/** The column whose index serves each scope level (docs/data-model.md). */
const SCOPE_COLUMN: Record<Exclude<ScopeLevel, 'all'>, string> = {
  ward: 'ward_code',
  locality: 'locality_code',
  station: 'station_code',
  district: 'district_code',
  state: 'district_code',
};

/** Numbers the named values $1..$n in order of first use, so a shape never declares a value it does not read. */
function parameters() {
  const order: (keyof ListValues)[] = [];
  const ref = (name: keyof ListValues, type: string) => {
    if (!order.includes(name)) order.push(name);
    return `$${order.indexOf(name) + 1}::${type}`;
  };
  return { order, ref };
}

/**
 * The WHERE of a list. `deleted_at is null` stays literal so the planner uses the partial list indexes. Only a
 * LARP list tests `completed_at` (the workflow moves no incomplete application out of LARP); every other list
 * is an index-only range of its scope's index.
 */
function listWhere(level: ScopeLevel, completeness: Completeness, ref: ReturnType<typeof parameters>['ref']) {
  const scope =
    level === 'all'
      ? []
      : level === 'state'
        ? [`starts_with(a.district_code, ${ref('code', 'text')})`]
        : [`a.${SCOPE_COLUMN[level]} = ${ref('code', 'text')}`];
  const complete =
    completeness === 'any' ? [] : [`a.completed_at is ${completeness === 'complete' ? 'not ' : ''}null`];
  return [...scope, `a.status = ${ref('status', 'text')}`, 'a.deleted_at is null', ...complete].join(' and ');
}

/**
 * One page and the total. Past the middle of the list the index is walked from the oldest end instead, so the
 * last page costs what the first does: each branch's condition reads no row, so PostgreSQL runs only the branch
 * that holds (a one-time filter). The rows come back newest first, each read by its own correlated subquery:
 * under a generic plan the planner cannot know the page holds ten ids and, for a statewide list, joined them by
 * hashing the whole landlords and units tables (250 ms); one primary-key look-up per id cannot go that way.
 */
function listPageStatement(level: ScopeLevel, completeness: Completeness): ListStatement {
  const { order, ref } = parameters();
  const where = listWhere(level, completeness, ref);
  const take = ref('take', 'int');
  const skip = ref('skip', 'int');
  const total = `coalesce(${ref('knownTotal', 'int')}, (select count(*)::int from applications a where ${where}))`;
  const text = `with total as (select ${total} as n),
ids as (
  (select a.applid from applications a
    where ${where} and (select n from total) - ${skip} - ${take} >= ${skip}
    order by a.applid desc limit ${take} offset ${skip})
  union all
  (select a.applid from applications a
    where ${where} and (select n from total) - ${skip} - ${take} < ${skip}
    order by a.applid asc
    limit greatest(0, least(${take}, (select n from total) - ${skip}))
    offset greatest(0, (select n from total) - ${skip} - ${take}))
)
select (select n from total) as total, coalesce((
  select json_agg((
    select json_build_object(
      'applid', a.applid, 'status', a.status, 'wardCode', a.ward_code, 'wardName', w.name, 'logby', a.logby,
      'landlordId', a.landlord_id, 'officialActed', a.official_acted, 'certified', a.certified_at is not null,
      'completed', a.completed_at is not null, 'version', a.version, 'rentcode', a.rentcode,
      'leftLocalityOn', a.left_locality_on, 'updatedAtMs', floor(extract(epoch from a.updated_at) * 1000),
      'tenant', json_build_object('firstName', t.first_name, 'middleName', t.middle_name, 'lastName', t.last_name),
      'landlord', json_build_object('firstName', l.first_name, 'middleName', l.middle_name,
        'lastName', l.last_name),
      'unit', json_build_object('houseNo', u.house_no, 'address1', u.address1, 'address2', u.address2,
        'pinCode', u.pin_code))
    from applications a
    join tenants t on t.id = a.tenant_id
    join landlords l on l.id = a.landlord_id
    join rental_units u on u.rentcode = a.rentcode
    join wards w on w.code = a.ward_code
    where a.applid = ids.applid
  ) order by ids.applid desc)
  from ids
), '[]'::json) as rows`;
  return { name: `list_page_${level}_${completeness}`, text, order };
}

/** The count alone (dashboard cards, GetTotalApplications). */
function listCountStatement(level: ScopeLevel, completeness: Completeness): ListStatement {
  const { order, ref } = parameters();
  const text = `select count(*)::int as n from applications a where ${listWhere(level, completeness, ref)}`;
  return { name: `list_count_${level}_${completeness}`, text, order };
}

/** The page and count statements of one shape, written once per process on first use. */
export function listStatements(
  level: ScopeLevel,
  completeness: Completeness,
): { page: ListStatement; count: ListStatement } {
  const key = `${level}:${completeness}`;
  let statements = byShape.get(key);
  if (!statements) {
    statements = {
      page: listPageStatement(level, completeness),
      count: listCountStatement(level, completeness),
    };
    byShape.set(key, statements);
  }
  return statements;
}
const byShape = new Map<string, { page: ListStatement; count: ListStatement }>();

/** A list row as the page statement returns it. */
export interface ListedRow {
  applid: number;
  status: string;
  wardCode: string;
  wardName: string;
  logby: string;
  landlordId: number;
  officialActed: boolean;
  certified: boolean;
  completed: boolean;
  version: number;
  rentcode: string;
  leftLocalityOn: string | null;
  updatedAtMs: number;
  tenant: { firstName: string; middleName: string | null; lastName: string | null };
  landlord: { firstName: string; middleName: string | null; lastName: string | null };
  unit: { houseNo: string | null; address1: string; address2: string | null; pinCode: string };
}
