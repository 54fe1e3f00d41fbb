import { pageMeta } from '../../contract/paging';
import type { ReportPage, ReportRow, ReportStatus } from '../../contract/reports.contract';
import type { Db } from '../db/client';
import { runStatement, type NamedStatement } from '../db/prepared';
import { personName, unitAddress } from './applications-list.service';
import type { ReportLevel, ReportScope } from './report-scope';

/**
 * The Application Report's rows (docs/reports.md). A report is one status, one jurisdiction node and a range of
 * submission days. It reads the same partial list index as the officials' lists (node, status, applid), whose
 * INCLUDE (completed_at) lets the count and the page's ids test the day range without reading the table: a year
 * of the busiest district at a million applications is one index range (docs/measurements.md, "Report").
 */
export interface ReportRequest {
  scope: ReportScope;
  status: ReportStatus;
  /** Submission days, yyyy-MM-dd, both included, as days in India. */
  startDate: string;
  endDate: string;
  page: number;
  size: number;
}

/** Report days are Indian calendar days, whatever the server's own time zone. */
export const REPORT_TIME_ZONE = 'Asia/Kolkata';

const COLUMN: Record<ReportLevel, string> = {
  district: 'district_code',
  station: 'station_code',
  locality: 'locality_code',
  ward: 'ward_code',
};

/**
 * Only submitted applications are reported: `completed_at` is when the application was applied (its family and
 * helpers chosen), the day it reached the sub-locality. A draft has none, and is no one's pending work yet.
 */
function reportStatement(level: ReportLevel): NamedStatement {
  const where = `a.${COLUMN[level]} = $1::text and a.status = $2::text and a.deleted_at is null
    and a.completed_at >= ($3::date)::timestamp at time zone '${REPORT_TIME_ZONE}'
    and a.completed_at < ($4::date + 1)::timestamp at time zone '${REPORT_TIME_ZONE}'`;
  const text = `with ids as (
  select a.applid from applications a where ${where} order by a.applid asc limit $5::int offset $6::int
)
select (select count(*)::int from applications a where ${where}) as total, coalesce((
  select json_agg((
    select json_build_object(
      'applid', a.applid,
      'submittedOn', to_char(a.completed_at at time zone '${REPORT_TIME_ZONE}', 'YYYY-MM-DD'),
      'tenant', json_build_object('firstName', t.first_name, 'middleName', t.middle_name, 'lastName', t.last_name),
      'occupation', t.occupation,
      'permanent', json_build_object('address1', t.perm_address1, 'address2', t.perm_address2,
        'district', d.name, 'pinCode', t.perm_pin_code),
      'landlord', json_build_object('firstName', l.first_name, 'middleName', l.middle_name,
        'lastName', l.last_name),
      'unit', json_build_object('houseNo', u.house_no, 'address1', u.address1, 'address2', u.address2,
        'pinCode', u.pin_code),
      'familyMembers', (select count(*)::int from application_members m
        where m.applid = a.applid and m.family_member_code is not null))
    from applications a
    join tenants t on t.id = a.tenant_id
    join districts d on d.code = t.perm_district_code
    join landlords l on l.id = a.landlord_id
    join rental_units u on u.rentcode = a.rentcode
    where a.applid = ids.applid
  ) order by ids.applid asc)
  from ids
), '[]'::json) as rows`;
  return { name: `report_page_${level}`, text };
}

const statements = new Map<ReportLevel, NamedStatement>();
function statementOf(level: ReportLevel): NamedStatement {
  let statement = statements.get(level);
  if (!statement) {
    statement = reportStatement(level);
    statements.set(level, statement);
  }
  return statement;
}

interface ReportedRow {
  applid: number;
  submittedOn: string;
  tenant: { firstName: string; middleName: string | null; lastName: string | null };
  occupation: string;
  permanent: { address1: string; address2: string | null; district: string; pinCode: string };
  landlord: { firstName: string; middleName: string | null; lastName: string | null };
  unit: { houseNo: string | null; address1: string; address2: string | null; pinCode: string };
  familyMembers: number;
}

const joinParts = (parts: Array<string | null>) => parts.filter((part) => part && part.trim()).join(', ');

const familyWords = (n: number) => `${n} family member${n === 1 ? '' : 's'}`;

function toReportRow(row: ReportedRow, slno: number): ReportRow {
  const permanentAddress = joinParts([
    row.permanent.address1,
    row.permanent.address2,
    row.permanent.district,
    row.permanent.pinCode,
  ]);
  const name = personName(row.tenant);
  return {
    slno,
    applid: row.applid,
    landlordname: personName(row.landlord),
    tenantname: `${name} (${joinParts([permanentAddress, row.occupation, familyWords(row.familyMembers)])})`,
    occupation: row.occupation,
    familyMembers: row.familyMembers,
    permanentAddress,
    rentaladdress: unitAddress(row.unit),
    submittedOn: row.submittedOn,
  };
}

/** One zero-based page of a report and its total, oldest application first: one round trip. */
export async function reportPage(db: Db, request: ReportRequest): Promise<ReportPage> {
  const skip = request.page * request.size;
  const [{ total, rows }] = await runStatement<{ total: number; rows: ReportedRow[] }>(
    db,
    statementOf(request.scope.level),
    [request.scope.code, request.status, request.startDate, request.endDate, request.size, skip],
  );
  return {
    applDto: rows.map((row, i) => toReportRow(row, skip + i + 1)),
    ...pageMeta(request.page, request.size, total),
  };
}
