import { isIPv6 } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { purgeExpiredRows, type ExpiringTable } from '../db/expiring-rows';
import { anonymousRequestCounts } from '../db/schema';
import { HttpError } from '../http/errors';
import { auditContext, writeAuditLog } from './audit-log';
import { clientIp } from './client-ip';

// Flood control for endpoints anyone may call without signing in (captcha, transport nonce, OTP requests,
// certificate checks): a per-address budget per endpoint (docs/sign-in-security.md). The counters are rows of
// `anonymous_request_counts`, like every other limit of this server, so N replicas share one budget instead of
// granting N (issue 20); one upsert per request counts and answers.

export interface AnonymousLimit {
  /** Requests one address may make to one endpoint in a window. */
  max: number;
  windowMs: number;
}

/**
 * A login dialog costs one captcha and one nonce per try, plus a captcha per refresh: a person uses a handful
 * a minute. 60 leaves room for an office of officials behind one address, and for the test suites.
 */
export const ANONYMOUS_LIMIT: AnonymousLimit = { max: 60, windowMs: 60_000 };

export const RATE_LIMITED_MESSAGE =
  'Too many requests from your address. Please wait a minute and try again.';

/** Ended windows removed each time a window starts: more than the one row it adds, so a flood cannot grow it. */
const PURGE_PER_NEW_WINDOW = 2;
const COUNT_ROWS: ExpiringTable = { table: 'anonymous_request_counts', key: 'key' };

type OnRequestHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** Makes the per-endpoint hooks. Use the result as a route's `onRequest`, before any other database work. */
export function anonymousRateLimiter(deps: {
  db: Db;
  clock: { now(): Date };
}): (endpoint: string, limit?: AnonymousLimit) => OnRequestHook {
  return (endpoint, limit = ANONYMOUS_LIMIT) =>
    async (request, reply) => {
      const now = deps.clock.now();
      const { hits, expiresAt } = await countHit(
        deps.db,
        `${endpoint}|${countedAddress(request)}`,
        limit,
        now,
      );
      if (hits <= limit.max) return;
      reply.header('retry-after', Math.max(1, Math.ceil((expiresAt.getTime() - now.getTime()) / 1000)));
      // The first refusal of the window, whichever replica answers it, writes the one audit line: a flood is on
      // record without a row per refused request.
      if (hits === limit.max + 1) {
        await writeAuditLog(deps.db, {
          ...auditContext(request),
          kind: 'refusal',
          remark: `Refused: over ${limit.max} requests in ${limit.windowMs / 1000} s from one address to ${endpoint}; further refusals in this window are not logged`,
          at: now,
        });
      }
      throw new HttpError(429, RATE_LIMITED_MESSAGE, { audited: true });
    };
}

export type HitCount = { hits: number; expiresAt: Date };

/**
 * Adds one hit to the counter `key` (an endpoint and address, or any other per-address count) and returns the
 * window's count; when the hit starts a window, ended rows are purged, so a flood of new keys cannot grow the table.
 */
export async function countHit(db: Db, key: string, limit: AnonymousLimit, now: Date): Promise<HitCount> {
  const [counted] = await countHits(db, [key], limit.windowMs, now);
  return counted;
}

/**
 * countHit for several counters with one window length, in one statement (in the order given, which every caller
 * keeps, so two such statements never wait on each other's rows); the counts come back in that order.
 */
export async function countHits(db: Db, keys: string[], windowMs: number, now: Date): Promise<HitCount[]> {
  const counted = await countRequests(db, keys, windowMs, now);
  if (counted.some((row) => row.hits === 1))
    await purgeExpiredRows(db, COUNT_ROWS, now, PURGE_PER_NEW_WINDOW);
  return keys.map((key) => counted.find((row) => row.key === key)!);
}

/**
 * Adds one request to each key's window in one atomic statement and returns the windows' counts: a row whose
 * window has ended starts a new one at 1. Concurrent requests on any replica serialise on the row.
 */
async function countRequests(
  db: Db,
  keys: string[],
  windowMs: number,
  now: Date,
): Promise<(HitCount & { key: string })[]> {
  const windowEnd = new Date(now.getTime() + windowMs);
  const live = sql`${anonymousRequestCounts.expiresAt} > ${now.toISOString()}::timestamptz`;
  return db
    .insert(anonymousRequestCounts)
    .values(keys.map((key) => ({ key, hits: 1, expiresAt: windowEnd })))
    .onConflictDoUpdate({
      target: anonymousRequestCounts.key,
      set: {
        hits: sql`case when ${live} then ${anonymousRequestCounts.hits} + 1 else 1 end`,
        expiresAt: sql`case when ${live} then ${anonymousRequestCounts.expiresAt} else ${windowEnd.toISOString()}::timestamptz end`,
      },
    })
    .returning({
      key: anonymousRequestCounts.key,
      hits: anonymousRequestCounts.hits,
      expiresAt: anonymousRequestCounts.expiresAt,
    });
}

/** The caller's address as every per-address limit counts it (addressKey of clientIp). */
export function countedAddress(request: FastifyRequest): string {
  return addressKey(clientIp(request));
}

/** The address as counted: IPv6 by its /64, so one host cannot rotate through the addresses of its own network. */
export function addressKey(ip: string): string {
  if (!isIPv6(ip)) return ip;
  return `${ipv6Groups(ip).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, in lower-case hex without leading zeros. */
function ipv6Groups(ip: string): string[] {
  const [head, tail] = ip.split('%')[0].toLowerCase().split('::');
  const part = (text: string | undefined) => (text ? text.split(':') : []);
  const withIpv4 = (groups: string[]) => {
    const last = groups.at(-1);
    if (!last?.includes('.')) return groups;
    const [a, b, c, d] = last.split('.').map(Number);
    return [...groups.slice(0, -1), ((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
  };
  const front = withIpv4(part(head));
  const back = withIpv4(part(tail));
  const zeros = tail === undefined ? [] : Array<string>(8 - front.length - back.length).fill('0');
  return [...front, ...zeros, ...back].map((group) => parseInt(group, 16).toString(16));
}
