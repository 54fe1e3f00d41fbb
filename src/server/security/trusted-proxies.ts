import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * Which proxies may tell the server a client's address through X-Forwarded-For (docs/sign-in-security.md,
 * "Addresses"). `false`: none, the socket's address is the client's. A hop count: that many proxies in front
 * of the server append to the header, and the address the outermost of them saw is the client's. A list of
 * addresses or CIDR ranges: the header is read right to left through those proxies only.
 *
 * "Trust every hop" (`true`) is refused: a client that writes its own X-Forwarded-For would then choose the
 * address the sign-in and OTP limits count and the log records show.
 */
export type TrustedProxies = false | number | string[];

const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

export const TRUST_EVERY_HOP_REFUSED =
  'must not be true: trusting every hop lets a client choose its own address. Write the number of proxies in ' +
  'front of the server (TRUST_PROXY=1) or their addresses or CIDR ranges (TRUST_PROXY=10.0.0.0/8,192.168.1.5)';

export const trustProxySetting = z
  .string()
  .trim()
  .transform((text, ctx): TrustedProxies => {
    const lower = text.toLowerCase();
    if (lower === 'false' || lower === '0' || lower === '') return false;
    if (lower === 'true') {
      ctx.addIssue({ code: 'custom', message: TRUST_EVERY_HOP_REFUSED });
      return z.NEVER;
    }
    if (/^\d+$/.test(text)) {
      const hops = Number(text);
      if (hops > 10)
        ctx.addIssue({ code: 'custom', message: 'a hop count above 10 is not a real deployment' });
      return hops;
    }
    const entries = text.split(',').map((entry) => entry.trim());
    const bad = entries.filter((entry) => !isProxyAddress(entry));
    if (bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `not a hop count, an address or a CIDR range: ${bad.join(', ')} (write e.g. 1, or 10.0.0.0/8,192.168.1.5)`,
      });
      return z.NEVER;
    }
    return entries;
  });

function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.includes(entry)) return true;
  const [address, bits, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * The setting as Fastify's `trustProxy` option. Fastify (5.x) treats a bare number as "trust nothing", so a hop
 * count becomes a function: the socket's peer and the hops-1 entries it appended are proxies, the entry before
 * them is the client. A hop count is only right when the server cannot be reached except through those
 * proxies (a client that connects directly could write the entries itself); a list of addresses holds anyway.
 */
export function fastifyTrustProxy(
  setting: TrustedProxies,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  const hops = setting;
  return hops === 0 ? false : (_address, hop) => hop < hops;
}
