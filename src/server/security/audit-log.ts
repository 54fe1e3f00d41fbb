import type { FastifyRequest } from 'fastify';
import type { AuditKind } from '../../contract/log-records.contract';
import { safeForLog } from '../../contract/text-rules';
import type { Db } from '../db/client';
import { logRecords } from '../db/schema';
import { clientIp } from './client-ip';

// What sort of event a record is: the kinds live in the contract, so the browser's filter offers the same list.
export { AUDIT_KINDS, type AuditKind } from '../../contract/log-records.contract';

export interface AuditEntry {
  /** Defaults to 'other'. */
  kind?: AuditKind;
  ip: string | null;
  /** What happened, in words an auditor reads on the Log Records screen. Never a password or token. */
  remark: string;
  /** The API path that was called, without its query string. */
  url: string;
  username?: string | null;
  /** When it happened; defaults to the database clock. Tests pass their simulated clock. */
  at?: Date;
}

const MAX_REMARK = 500;
const MAX_URL = 300;
const MAX_USERNAME = 64;
const MAX_IP = 64;

/** Appends one line to the audit trail (log_records). Long values are cut so a hostile input cannot bloat it. */
export async function writeAuditLog(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(logRecords).values({ ...auditValues(entry), ...(entry.at ? { logdt: entry.at } : {}) });
}

/**
 * The stored columns of an audit line (also for statements that write one themselves): each text is cut to its
 * column and made safe (NUL and lone surrogates become U+FFFD; the cut may split a surrogate pair, so it comes
 * first), so no caller can make the audit write fail with what a hostile request held.
 */
export function auditValues(entry: AuditEntry) {
  return {
    kind: entry.kind ?? 'other',
    ipAddress: entry.ip == null ? null : safeText(entry.ip, MAX_IP),
    remark: safeText(entry.remark, MAX_REMARK),
    url: safeText(entry.url, MAX_URL),
    username: entry.username == null ? null : safeText(entry.username, MAX_USERNAME),
  };
}

function safeText(text: string, max: number): string {
  return safeForLog(text.slice(0, max));
}

/** The audit fields that come from the request itself: caller address and path. */
export function auditContext(request: FastifyRequest): { ip: string; url: string } {
  return { ip: clientIp(request), url: request.url.split('?')[0] };
}
