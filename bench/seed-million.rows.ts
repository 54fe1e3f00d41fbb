import { FLOW_TEXTS } from '../machines/application/statuses';
import {
  names,
  occupyingPathsSql,
  PATHS,
  pathSql,
  pathStepValues,
  pathSummaryValues,
  tenancyCodes,
} from './seed-million.sql';

// Row formulas of the scale seed. Application number a (1..n) has tenant a, rental unit u = 1 + (a-1) % units
// and landlord l = 1 + (u-1) % landlords; a landlord's units all lie in ward number 1 + (l-1) % wards. So each
// unit sees about 2.5 applications over three years, each landlord owns about two units, and the applications
// spread evenly over every ward of the database.

export interface Bases {
  /** Highest existing landlord id, tenant id, applid and synthetic ('RB') rentcode number. */
  lb: number;
  tb: number;
  ab: number;
  ub: number;
  n: number;
  /** How many wards the applications spread over. */
  wards: number;
}
export interface Counts {
  landlords: number;
  units: number;
}

/** The tables the scale seed loads (their secondary indexes are rebuilt after the load). */
export const bulkTables = [
  'landlords',
  'rental_units',
  'tenants',
  'family_members',
  'applications',
  'application_flow',
  'application_members',
  'application_moves',
];

// Wards numbered 0..wards-1. Rows find their ward by a join on that number: indexing a 3,000-element array
// instead would detoast the whole array for every row.
const WARDS = `wn as (select (row_number() over (order by code))::int - 1 as idx, code
  from wards where code ~ '^PS[0-9]{7}LA[0-9]{2}W[0-9]{2}$')`;
const wardOf = (b: Bases, landlord: string) => `wn.idx = ((${landlord}) - 1) % ${b.wards}`;
const rentcode = (b: Bases, u: string) => `'RB' || lpad((${b.ub} + ${u})::text, 9, '0')`;
const pin = (x: string) => `'793' || lpad(((${x}) % 100)::text, 3, '0')`;
const street = (x: string) => `'House ' || (1 + (${x}) % 300) || ', ' || ${names.streets}[1 + (${x}) % 7]`;
const nameOf = (x: string, k: number) => `${names.first}[1 + ((${x}) * ${k}) % 40]`;
const surnameOf = (x: string, k: number) => `${names.last}[1 + ((${x}) * ${k}) % 30]`;
const occupation = (x: string) => `${names.occupations}[1 + (${x}) % array_length(${names.occupations}, 1)]`;

export function landlordsSql(b: Bases, c: Counts): string {
  if (b.lb + c.landlords >= 10_000_000) throw new Error('Landlord EPIC numbers would overflow 7 digits');
  return `with ${WARDS}
insert into landlords (id, epic_no, first_name, last_name, occupation, mobile, perm_address1, perm_address2,
  perm_pin_code, perm_district_code, pres_address1, pres_address2, pres_pin_code, pres_district_code, created_at, updated_at)
select ${b.lb} + g,
  'X' || chr(65 + g % 26) || chr(65 + (g / 26) % 26) || lpad((${b.lb} + g)::text, 7, '0'),
  ${nameOf('g', 1)}, ${surnameOf('g', 7)}, ${occupation('g')},
  '9' || lpad(((g::bigint * 7919) % 1000000000)::text, 9, '0'),
  ${street('g')}, 'Shillong', ${pin('g')}, substr(wc, 3, 4),
  ${street('g')}, 'Shillong', ${pin('g')}, substr(wc, 3, 4),
  now() - interval '4 years' + (g::float8 / ${c.landlords}) * interval '1 year',
  now() - interval '4 years' + (g::float8 / ${c.landlords}) * interval '1 year'
from (select g, wn.code as wc from generate_series(1, ${c.landlords}) g join wn on ${wardOf(b, 'g')}) s`;
}

export function unitsSql(b: Bases, c: Counts): string {
  return `with ${WARDS}
insert into rental_units (rentcode, landlord_id, house_no, floor_no, address1, address2, pin_code, district_code,
  ward_code, vacant, created_at, updated_at)
select ${rentcode(b, 'g')}, ${b.lb} + 1 + (g - 1) % ${c.landlords}, (1 + g % 300)::text,
  (array['Ground', 'First', 'Second', 'Third'])[1 + (g / ${c.landlords}) % 4],
  ${names.streets}[1 + g % 7], 'Shillong', ${pin('g')}, substr(wc, 3, 4), wc,
  not exists (select 1 from generate_series(g, ${b.n}, ${c.units}) a where ${pathSql('a', b.n)} in (${occupyingPathsSql})),
  now() - interval '4 years', now() - interval '4 years'
from (select g, wn.code as wc from generate_series(1, ${c.units}) g join wn on ${wardOf(b, `1 + (g - 1) % ${c.landlords}`)}) s`;
}

const created = (b: Bases, a: string) =>
  `(now() - interval '7 days' - ((${b.n} - (${a}))::float8 / ${b.n}) * interval '1095 days')`;

export function tenantsSql(b: Bases, c: Counts): string {
  return `with ${WARDS}, d as (select array_agg(code order by code) as codes, count(*)::int as n from districts)
insert into tenants (id, epic_no, individual_epic, first_name, last_name, parent_or_spouse_name, nationality,
  date_of_birth, occupation, mobile, tenancy_type, perm_address1, perm_address2, perm_pin_code, perm_district_code,
  pres_address1, pres_address2, pres_pin_code, pres_district_code, created_at, updated_at)
select ${b.tb} + g, 'YT' || lpad((${b.tb} + g)::text, 8, '0'), true,
  ${nameOf('g', 3)}, ${surnameOf('g', 11)}, ${nameOf('g', 13)} || ' ' || ${surnameOf('g', 11)}, 'Indian',
  date '1955-01-01' + ((g::bigint * 37) % 18000)::int, ${occupation('g * 3')},
  '8' || lpad(((g::bigint * 104729) % 1000000000)::text, 9, '0'), ${tenancyCodes}[1 + g % 5],
  'Village ' || (1 + g % 500), 'Home town', '7' || lpad(((g::bigint * 31) % 100000)::text, 5, '0'), d.codes[1 + g % d.n],
  ${street('u')}, 'Shillong', ${pin('u')}, substr(wn.code, 3, 4),
  ${created(b, 'g')}, ${created(b, 'g')}
from (select g, 1 + (g - 1) % ${c.units} as u from generate_series(1, ${b.n}) g) s
  join wn on ${wardOf(b, `1 + (u - 1) % ${c.landlords}`)} cross join d`;
}

/** A spouse for every third tenant and a child for every ninth. */
export function familySql(b: Bases): string {
  return `insert into family_members (tenant_id, member_name, date_of_birth, relationship, occupation)
select ${b.tb} + g, ${nameOf('g', 17)} || ' ' || ${surnameOf('g', 11)}, date '1958-01-01' + ((g::bigint * 41) % 16000)::int,
  'Spouse', 'Homemaker' from generate_series(3, ${b.n}, 3) g
union all
select ${b.tb} + g, ${nameOf('g', 19)} || ' ' || ${surnameOf('g', 11)}, date '2005-01-01' + ((g::bigint * 43) % 6000)::int,
  case when g % 2 = 0 then 'Son' else 'Daughter' end, 'Student' from generate_series(9, ${b.n}, 9) g`;
}

export function applicationsSql(b: Bases, c: Counts): string {
  const applid = `(${b.ab} + t.a)`;
  const certifiedAt = `(t.created + interval '3 days')`;
  return `with ${WARDS},
p(path, status, remarks, steps, acted, certified, deleted, shifted) as (values ${pathSummaryValues()}),
t as (
  select s.*, wn.code as wc from (
    select g as a, u, 1 + (u - 1) % ${c.landlords} as l, ${pathSql('g', b.n)} as path, ${created(b, 'g')} as created
    from (select g, 1 + (g - 1) % ${c.units} as u from generate_series(1, ${b.n}) g) x
  ) s join wn on ${wardOf(b, 's.l')}
)
insert into applications (applid, status, appl_type, remarks, tenant_id, landlord_id, rentcode, ward_code, logby,
  completed_at, version, official_acted, certified_at, certified_by, certificate_no, deleted_at, deleted_by,
  deleted_reason, left_locality_on, created_at, updated_at)
select ${applid}, p.status, 'APPLPS', p.remarks, ${b.tb} + t.a, ${b.lb} + t.l, ${rentcode(b, 't.u')}, t.wc,
  case when t.a % 5 = 0 then 'mod.' || lower(t.wc) else 'landlord:' || (${b.lb} + t.l) end,
  t.created, p.steps, p.acted,
  case when p.certified then ${certifiedAt} end,
  case when p.certified then 'smod.' || lower(left(t.wc, 13)) end,
  case when p.certified then 'CC/' || left(t.wc, 9) || '/' || extract(year from ${certifiedAt})::int || '/'
    || case when ${applid} < 1000000 then lpad(${applid}::text, 6, '0') else ${applid}::text end end,
  case when p.deleted then t.created + interval '1 day' end,
  case when p.deleted then 'landlord:' || (${b.lb} + t.l) end,
  case when p.deleted then '${FLOW_TEXTS.deleted}' end,
  case when p.shifted then (t.created + interval '4 days')::date end,
  t.created, t.created + p.steps * interval '1 day'
from t join p on p.path = t.path`;
}

/**
 * One pass per step number, so the ids of an application's flow entries rise with the steps (the order the
 * timeline and the replay read them in) without sorting millions of rows.
 */
export function flowSql(b: Bases): string[] {
  const longest = Math.max(...Object.values(PATHS).map((steps) => steps.length));
  return Array.from(
    { length: longest },
    (_, seq) => `with
p(path, seq, aplstatus, step, remarks, appl_remarks, comments, action, payload, actor_kind) as (values ${pathStepValues()})
insert into application_flow (applid, logdt, aplstatus, step, remarks, appl_remarks, comments, action, payload, actor,
  actor_role, actor_usercode)
select a.applid, a.created_at + p.seq * interval '1 day', p.aplstatus, p.step, p.remarks, p.appl_remarks, p.comments,
  p.action, p.payload,
  case p.actor_kind when 'logby' then a.logby when 'landlord' then 'landlord:' || a.landlord_id
    when 'ward' then 'mod.' || lower(a.ward_code) else 'smod.' || lower(a.locality_code) end,
  case p.actor_kind when 'ward' then 'MODERATOR' when 'locality' then 'SUPERMODERATOR'
    when 'logby' then case when a.logby like 'mod.%' then 'MODERATOR' end end,
  case p.actor_kind when 'ward' then a.ward_code when 'locality' then a.locality_code
    when 'logby' then case when a.logby like 'mod.%' then a.ward_code end end
from applications a join p on p.path = ${pathSql(`a.applid - ${b.ab}`, b.n)} and p.seq = ${seq}
where a.applid > ${b.ab}`,
  );
}

/** Every family member is on its tenant's application (tenant a and application a share their number). */
export function membersSql(b: Bases): string {
  return `insert into application_members (applid, family_member_code)
select ${b.ab} + (f.tenant_id - ${b.tb}), f.member_code from family_members f where f.tenant_id > ${b.tb}`;
}
