import { citizenKeyLimits } from '../../src/server/security/citizen-guard';
import { issueCitizenKey, type CitizenScope } from '../../src/server/security/citizen-keys';
import type { TestApp } from './test-app';

/**
 * A citizen key for a scope, issued the way a verified OTP issues one, for suites that test what a key reaches
 * (the OTP itself is tested in tests/server/otp-*.test.ts). Send it as the X-Api-Key header.
 */
export async function citizenKeyFor(t: TestApp, scope: CitizenScope): Promise<string> {
  const { key } = await issueCitizenKey(t.db, {
    scope,
    ip: '127.0.0.1',
    now: t.clock.now(),
    limits: citizenKeyLimits(t.config),
  });
  return key;
}

/** Request headers carrying a citizen key. */
export function withKey(key: string): Record<string, string> {
  return { 'x-api-key': key };
}
