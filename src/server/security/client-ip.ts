import type { FastifyRequest } from 'fastify';

/**
 * The caller's address as the audit trail and the sign-in throttle see it. Fastify already honours
 * X-Forwarded-For only when TRUST_PROXY is on, so a client cannot pick its own address; here we only fold
 * IPv4-mapped IPv6 ('::ffff:10.0.0.7') into plain IPv4 so one client never counts as two.
 */
export function clientIp(request: FastifyRequest): string {
  const ip = request.ip || request.socket?.remoteAddress || 'unknown';
  return ip.startsWith('::ffff:') && ip.includes('.') ? ip.slice(7) : ip;
}
