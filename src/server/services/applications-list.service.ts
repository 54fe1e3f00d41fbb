import { pageMeta } from '../../contract/paging';
import { statusListLabel, type StatusCode } from '../../../machines/application';
import type { ApplicationPage, ApplicationRow } from '../../contract/applications.contract';
import type { Db } from '../db/client';
import { perDatabase, runStatement } from '../db/prepared';
import type { StaffIdentity } from '../security/sessions';
import { allowedEventsFor, type WorkflowRow } from '../workflow/application-facts';
import {
  listStatements,
  type Completeness,
  type ListedRow,
  type ListStatement,
  type ListValues,
  type ScopeLevel,
} from './applications-list.sql';
import type { ListScope } from './applications-scope';

/** Complete = applied (the officials' lists); incomplete = generated, members not chosen yet. */
export type ListVariant = 'complete' | 'incomplete';

export interface ListRequest {
  scope: ListScope;
  status: StatusCode;
  variant: ListVariant;
  page: number;
  size: number;
}

type ListShape = Omit<ListRequest, 'page' | 'size'>;

const completenessOf = (request: ListShape): Completeness =>
  request.status !== 'LARP' ? 'any' : request.variant;

const holdsNothing = (request: ListShape) =>
  (request.variant === 'incomplete' && request.status !== 'LARP') || request.scope.level === 'none';

/** The statements of this request's shape: its scope level and which applications of the status it reads. */
const statementsOf = (request: ListShape) =>
  listStatements(request.scope.level as ScopeLevel, completenessOf(request));

function run<Row>(db: Db, statement: ListStatement, values: ListValues): Promise<Row[]> {
  return runStatement<Row>(
    db,
    statement,
    statement.order.map((name) => values[name]),
  );
}

/**
 * Counting a list of tens of thousands (a district's approved applications: 14 ms; statewide: 90 ms) on every
 * page would cost more than the page. Such counts are kept for a few seconds, so a huge list's page count may
 * lag a few seconds behind its rows; a list under LARGE_COUNT is counted exactly on every request.
 */
export const LARGE_COUNT = 10_000;
const LARGE_COUNT_TTL_MS = 5_000;
const largeCounts = perDatabase(() => new Map<string, { n: number; at: number }>());

const countKey = (request: ListShape) =>
  `${request.scope.level}:${completenessOf(request)}:${scopeCode(request.scope)}:${request.status}`;
const scopeCode = (scope: ListScope) => ('code' in scope ? scope.code : '');

function knownLargeCount(db: Db, request: ListShape): number | null {
  const cached = largeCounts(db).get(countKey(request));
  return cached && performance.now() - cached.at < LARGE_COUNT_TTL_MS ? cached.n : null;
}

function rememberCount(db: Db, request: ListShape, n: number): void {
  if (n < LARGE_COUNT) return;
  const cache = largeCounts(db);
  if (cache.size > 10_000) cache.clear();
  cache.set(countKey(request), { n, at: performance.now() });
}

export async function countApplications(db: Db, request: ListShape): Promise<number> {
  if (holdsNothing(request)) return 0;
  const known = knownLargeCount(db, request);
  if (known !== null) return known;
  const [row] = await run<{ n: number }>(db, statementsOf(request).count, {
    code: scopeCode(request.scope),
    status: request.status,
    knownTotal: null,
    take: 0,
    skip: 0,
  });
  rememberCount(db, request, row.n);
  return row.n;
}

/** 'First Middle Last', leaving out missing parts. */
export const personName = (p: { firstName: string; middleName: string | null; lastName: string | null }) =>
  [p.firstName, p.middleName, p.lastName].filter((part) => part && part.trim()).join(' ');

/** A rental unit's address on one line: house number, address lines and PIN code. */
export const unitAddress = (unit: {
  houseNo: string | null;
  address1: string;
  address2: string | null;
  pinCode: string;
}) =>
  [unit.houseNo, unit.address1, unit.address2, unit.pinCode].filter((part) => part && part.trim()).join(', ');

/** A page's rows as the list screens show them, with the actions this official may take on each. */
function toListRow(row: ListedRow, staff: StaffIdentity): ApplicationRow {
  const status = row.status as StatusCode;
  const facts: WorkflowRow = {
    applid: row.applid,
    status,
    wardCode: row.wardCode,
    logby: row.logby,
    landlordId: String(row.landlordId),
    officialActed: row.officialActed,
    certified: row.certified,
    deleted: false,
    cancelled: false,
    version: row.version,
    completed: row.completed,
    rentcode: row.rentcode,
  };
  return {
    applid: row.applid,
    tenantname: personName(row.tenant),
    landlordname: personName(row.landlord),
    rentaladdress: unitAddress(row.unit),
    applstatus: status,
    statusLabel: statusListLabel(status, staff.role),
    logby: row.logby,
    wardCode: row.wardCode,
    wardName: row.wardName,
    leftLocalityOn: row.leftLocalityOn,
    updatedAt: new Date(row.updatedAtMs).toISOString(),
    version: row.version,
    allowedEvents: allowedEventsFor(facts, staff),
  };
}

/** One zero-based page of a list, with the paging flags the spec's tables read: one round trip. */
export async function listApplications(
  db: Db,
  staff: StaffIdentity,
  request: ListRequest,
): Promise<ApplicationPage> {
  if (holdsNothing(request)) return { applDto: [], ...pageMeta(request.page, request.size, 0) };
  const [{ total, rows }] = await run<{ total: number; rows: ListedRow[] }>(db, statementsOf(request).page, {
    code: scopeCode(request.scope),
    status: request.status,
    knownTotal: knownLargeCount(db, request),
    take: request.size,
    skip: request.page * request.size,
  });
  rememberCount(db, request, total);
  return {
    applDto: rows.map((row) => toListRow(row, staff)),
    ...pageMeta(request.page, request.size, total),
  };
}
