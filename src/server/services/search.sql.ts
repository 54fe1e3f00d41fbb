import { sql, type SQL } from 'drizzle-orm';
import { SEARCH_LIMIT, type SearchEntity } from '../../contract/search.contract';
import { applications, landlords, personNames, rentalUnits, tenants } from '../db/schema';
import { jurisdictionOf } from '../security/jurisdiction-scope';
import type { StaffIdentity } from '../security/sessions';
import { reachGrantingApplicationsInScope, reachGrantingUnitsInScope } from './landlords-scope';

// The SQL of the officials' name search (docs/search.md). A name matches when the query, or every word of it (of
// two letters or more), reaches NAME_MATCH in pg_trgm's word_similarity against the person's search_name (lower-case
// full name, a generated column): 'wanph lama' finds Wanphrang Lamare, 'lyngdo' and 'lyngodh' find Lyngdoh.
// Matches are ordered by the whole query: a full name starting with it first, then word_similarity, similarity.
// Two plans, chosen here rather than left to the planner's guess about a trigram condition's selectivity:
// - a jurisdiction (a ward or a locality: a few hundred to a few thousand people) is read first, from the
//   jurisdiction's own index, and its people are scored: the work is bounded by the jurisdiction's size;
// - the whole state (SUPERVISOR) scores the distinct names (person_names, through its GIN trigram index: far fewer
//   names than people, and a common name is scored once, not once per bearer), keeps the best SEARCH_LIMIT, then
//   reads the people bearing them by (search_name, id), best name first.

/** pg_trgm's default word_similarity_threshold: 'lyngdo' scores 0.86 against 'Lyngdoh', 'wanshng' 0.75. */
export const NAME_MATCH = 0.6;

/**
 * The words each name must match: those of two letters or more (a lone initial has too few trigrams to score),
 * or the whole query when it has no such word ('a b').
 */
export function matchedWords(query: string): string[] {
  const words = query.split(' ').filter((word) => word.length >= 2);
  return words.length ? words : [query];
}

/** One person as a search reads it. bigint and date come back as text on both drivers. */
export interface PersonRow {
  id: string;
  epicNo: string;
  firstName: string;
  middleName: string | null;
  lastName: string | null;
  age: string | null;
  mobile: string;
  occupation: string;
  permAddress1: string | null;
  presAddress1: string | null;
}

// `entity` is written into the statement, not bound: the statewide plan must match one of person_names' partial
// trigram indexes, which a bound parameter cannot (generic plans, src/server/db/client.ts).
const SEARCHED = {
  tenant: { table: tenants, age: sql`t.date_of_birth::text`, entity: sql.raw(`'tenant'`) },
  landlord: { table: landlords, age: sql`null::text`, entity: sql.raw(`'landlord'`) },
} as const;

function columns(entity: SearchEntity): SQL {
  return sql`t.id::text as "id", t.epic_no as "epicNo", t.first_name as "firstName",
    t.middle_name as "middleName", t.last_name as "lastName", ${SEARCHED[entity].age} as "age", t.mobile,
    t.occupation, t.perm_address1 as "permAddress1", t.pres_address1 as "presAddress1"`;
}

/**
 * The ids of the people inside the caller's jurisdiction (scoped callers only): those held there by a
 * reach-granting application or unit (docs/reach.md), so a row the official made on its own finds no one. People
 * registered at the counter and not yet held by any area are found by their ID number (idSearch).
 */
function peopleInScope(entity: SearchEntity, staff: StaffIdentity): SQL {
  return entity === 'tenant'
    ? sql`select ${applications.tenantId} from ${applications} where ${reachGrantingApplicationsInScope(staff)}`
    : sql`select ${rentalUnits.landlordId} from ${rentalUnits} where ${reachGrantingUnitsInScope(staff)}`;
}

/** Best names first: a full name starting with the query, then word_similarity, then similarity. */
const bestNameFirst = (query: string) =>
  sql`starts_with(t.search_name, ${query}) desc, word_similarity(${query}, t.search_name) desc,
    similarity(${query}, t.search_name) desc, t.search_name`;

const bestFirst = (query: string) => sql`${bestNameFirst(query)}, t.id`;

/** One text against search_name; the GIN index serves pg_trgm's `<%` (its default threshold is the same 0.6). */
function matches(text: string, indexed: boolean): SQL {
  const score = sql`word_similarity(${text}, t.search_name) >= ${NAME_MATCH}`;
  return indexed ? sql`(${text} <% t.search_name and ${score})` : score;
}

/**
 * A name matches when the whole query does ('banteilang kharknogor': one misspelt word among many right letters)
 * or every word does ('wanph lama': the beginnings of both names).
 */
function nameMatches(query: string, indexed: boolean): SQL {
  const words = matchedWords(query);
  const whole = matches(query, indexed);
  if (words.length === 1 && words[0] === query) return whole;
  return sql`(${whole} or (${sql.join(
    words.map((word) => matches(word, indexed)),
    sql` and `,
  )}))`;
}

/**
 * The search for `query` (lower case, single spaces) among `entity`s the caller may see by name: best matches
 * first, at most SEARCH_LIMIT.
 */
export function nameSearch(entity: SearchEntity, staff: StaffIdentity, query: string): SQL {
  const table = SEARCHED[entity].table;
  if (jurisdictionOf(staff).all) {
    return sql`with best as (
        select t.search_name, row_number() over (order by ${bestNameFirst(query)}) as rank
        from ${personNames} t where t.entity = ${SEARCHED[entity].entity} and ${nameMatches(query, true)}
        order by ${bestNameFirst(query)}
        limit ${SEARCH_LIMIT}
      )
      select ${columns(entity)} from best b cross join lateral (
        select * from ${table} p where p.search_name = b.search_name order by p.id limit ${SEARCH_LIMIT}
      ) t
      order by b.rank, t.id
      limit ${SEARCH_LIMIT}`;
  }
  return sql`with scope as materialized (${peopleInScope(entity, staff)})
    select ${columns(entity)} from ${table} t
    where t.id in (select * from scope) and ${nameMatches(query, false)}
    order by ${bestFirst(query)}
    limit ${SEARCH_LIMIT}`;
}

/** The people registered with this ID number or registration number (at most two rows: one of each). */
export function idSearch(entity: SearchEntity, idNumber: string, registration: number | null): SQL {
  const table = SEARCHED[entity].table;
  const byRegistration = registration === null ? sql`false` : sql`t.id = ${registration}`;
  return sql`select ${columns(entity)} from ${table} t where t.epic_no = ${idNumber} or ${byRegistration}
    order by t.id`;
}
