import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import {
  AUDIT_KINDS,
  type AuditKind,
  type LogFilter,
  type LogPage,
} from '../../contract/log-records.contract';
import { pageMeta } from '../../contract/paging';
import type { Db } from '../db/client';
import { logRecords } from '../db/schema';
import { REPORT_TIME_ZONE } from './report.service';

/** The filter as SQL conditions; each one has an index (kind, id), (lower(username), id), (logdt). */
function conditionsOf(filter: LogFilter): SQL | undefined {
  const days = (date: string, plus: number) =>
    sql`((${date}::date + ${sql.raw(String(plus))})::timestamp at time zone ${sql.raw(`'${REPORT_TIME_ZONE}'`)})`;
  return and(
    filter.username ? sql`lower(${logRecords.username}) = lower(${filter.username})` : undefined,
    filter.kind ? eq(logRecords.kind, filter.kind) : undefined,
    filter.from ? sql`${logRecords.logdt} >= ${days(filter.from, 0)}` : undefined,
    filter.to ? sql`${logRecords.logdt} < ${days(filter.to, 1)}` : undefined,
  );
}

const KNOWN_KINDS = new Set<string>(AUDIT_KINDS);

/** One page of the log records, sorted by id ascending, with the spec's zero-based paging fields. */
export async function logRecordsPage(db: Db, filter: LogFilter): Promise<LogPage> {
  const where = conditionsOf(filter);
  const offset = filter.page * filter.size;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: logRecords.id,
        ipAddress: logRecords.ipAddress,
        remark: logRecords.remark,
        url: logRecords.url,
        username: logRecords.username,
        kind: logRecords.kind,
        logdt: logRecords.logdt,
      })
      .from(logRecords)
      .where(where)
      .orderBy(asc(logRecords.id))
      .limit(filter.size)
      .offset(offset),
    db.select({ total: count() }).from(logRecords).where(where),
  ]);
  return {
    ...pageMeta(filter.page, filter.size, total),
    content: rows.map((row, i) => ({
      ...row,
      rowNumber: offset + i + 1,
      // A kind written by hand into the table outside the list still shows, as 'other'.
      kind: KNOWN_KINDS.has(row.kind) ? (row.kind as AuditKind) : 'other',
      logdt: row.logdt.toISOString(),
    })),
  };
}
