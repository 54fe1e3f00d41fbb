import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { HttpError } from '../http/errors';
import { auditContext, writeAuditLog } from './audit-log';

// Flood control for endpoints anyone may call without signing in (captcha, transport nonce, and the OTP
// requests of later issues): a per-address budget per endpoint (docs/sign-in-security.md). The counters are
// per process (@fastify/rate-limit's memory store): a flood spread over N replicas gets N budgets, which is
// still a bound. The durable per-account and per-address sign-in counters stay in the database.

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

/** Addresses remembered as "already in the audit trail this window"; beyond this, expired ones are dropped. */
const AUDITED_MEMORY = 10_000;

type OnRequestHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * Makes the per-endpoint hooks. The plugin is registered once per app (global: false: nothing is limited
 * unless a route asks). Use the result as a route's `onRequest`, before any database work.
 */
export async function anonymousRateLimiter(
  api: FastifyInstance,
  deps: { db: Db; clock: { now(): Date } },
): Promise<(endpoint: string, limit?: AnonymousLimit) => OnRequestHook> {
  if (!api.hasDecorator('createRateLimit')) await api.register(rateLimit, { global: false });

  return (endpoint, limit = ANONYMOUS_LIMIT) => {
    // Its own counters per endpoint; keyed by address (IPv6 by /64, so one host cannot rotate through them).
    const check = api.createRateLimit({ max: limit.max, timeWindow: limit.windowMs });
    /** Address -> end of the window in which its first refusal was written to the audit trail. */
    const audited = new Map<string, number>();

    return async (request, reply) => {
      const result = await check(request);
      if (result.isAllowed || !result.isExceeded) return;
      reply.header('retry-after', Math.ceil(result.ttl / 1000));
      // One audit line per address per window: a flood is recorded without writing a row per refusal.
      const nowMs = Date.now();
      if ((audited.get(result.key) ?? 0) <= nowMs) {
        forgetExpired(audited, nowMs);
        audited.set(result.key, nowMs + result.ttl);
        await writeAuditLog(deps.db, {
          ...auditContext(request),
          kind: 'refusal',
          remark: `Refused: over ${limit.max} requests in ${limit.windowMs / 1000} s from one address to ${endpoint}; further refusals in this window are not logged`,
          at: deps.clock.now(),
        });
      }
      throw new HttpError(429, RATE_LIMITED_MESSAGE, { audited: true });
    };
  };
}

function forgetExpired(audited: Map<string, number>, nowMs: number): void {
  if (audited.size < AUDITED_MEMORY) return;
  for (const [key, until] of audited) if (until <= nowMs) audited.delete(key);
  // Still full of live entries (a flood from very many addresses): forget the oldest rather than grow.
  for (const key of audited.keys()) {
    if (audited.size < AUDITED_MEMORY) break;
    audited.delete(key);
  }
}
