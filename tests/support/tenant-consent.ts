import { and, desc, eq, like } from 'drizzle-orm';
import type { Response as InjectResponse } from 'light-my-request';
import { API_BASE } from '../../src/contract/api';
import { OFFICE_CONSENT_PATHS } from '../../src/contract/office-applications.contract';
import type { App } from '../../src/server/app';
import type { Db } from '../../src/server/db/client';
import { applications, outboxMessages, tenants } from '../../src/server/db/schema';
import { withKey } from './citizen-key';
import { sealPassword } from './staff-signin';

// The tenant's consent to an application (docs/tenant-consent.md), as suites give it: the code is read from the
// outbox rows of the message sent to the application's tenant, sealed like every OTP, and confirmed with the
// landlord's key (confirmTenantConsent) or, for an office application for a tenant the official does not reach,
// by that official (confirmOfficeConsent).

/** The subject line of every consent message (src/server/notify/consent-message.ts). */
export const CONSENT_SUBJECT_PART = 'consent to police verification';
const CONSENT_CODE = /consent code is (\d{6})\b/;

/** The newest consent message sent `to` (an email, else a mobile) whose subject ends with `subjectPart`. */
export async function newestConsentMessage(
  db: Db,
  sent: { to: string; subjectPart: string; bodyLike: string; what: string },
) {
  const [message] = await db
    .select()
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.recipient, sent.to),
        like(outboxMessages.subject, `%${sent.subjectPart}`),
        like(outboxMessages.body, sent.bodyLike),
      ),
    )
    .orderBy(desc(outboxMessages.id))
    .limit(1);
  if (!message) throw new Error(`no consent message for ${sent.what}`);
  return message;
}

/** The clear code a consent message holds (demo mode without a carrier). */
export function consentCodeIn(message: { body: string }, what: string): string {
  const code = CONSENT_CODE.exec(message.body)?.[1];
  if (!code) throw new Error(`the consent message for ${what} holds no readable code`);
  return code;
}

/** The newest consent message kept for the application's tenant (its email, else its mobile). */
export async function consentMessageFor(db: Db, applid: number) {
  const [tenant] = await db
    .select({ email: tenants.email, mobile: tenants.mobile })
    .from(applications)
    .innerJoin(tenants, eq(tenants.id, applications.tenantId))
    .where(eq(applications.applid, applid));
  if (!tenant) throw new Error(`no application ${applid}`);
  return newestConsentMessage(db, {
    to: tenant.email?.trim() || tenant.mobile.trim(),
    subjectPart: CONSENT_SUBJECT_PART,
    bodyLike: `% application ${applid} naming you %`,
    what: `application ${applid}`,
  });
}

/** The clear code of the newest consent message for the application. */
export async function consentCodeFor(db: Db, applid: number): Promise<string> {
  return consentCodeIn(await consentMessageFor(db, applid), `application ${applid}`);
}

/** One `POST process/application/tenantConsent` with `code` sealed under a fresh nonce. */
export async function tenantConsentCall(
  app: App,
  apiKey: string,
  applid: number,
  code: string,
): Promise<InjectResponse> {
  return app.inject({
    method: 'POST',
    url: `${API_BASE}/process/application/tenantConsent`,
    headers: withKey(apiKey),
    payload: { applid, otp: await sealPassword(app, code) },
  });
}

/** Reads the tenant's code for the application and confirms it with the landlord's key; throws unless 200. */
export async function confirmTenantConsent(
  t: { app: App; db: Db },
  apiKey: string,
  applid: number,
): Promise<InjectResponse> {
  const res = await tenantConsentCall(t.app, apiKey, applid, await consentCodeFor(t.db, applid));
  if (res.statusCode !== 200)
    throw new Error(`tenantConsent ${applid} answered ${res.statusCode}: ${res.body}`);
  return res;
}

/**
 * One staff `POST process/user/application/tenantConsent` (the official who made an office application for a
 * tenant it does not reach) with `code` sealed under a fresh nonce; `headers` carry the official's Bearer token.
 */
export async function officeConsentCall(
  app: App,
  headers: Record<string, string>,
  applid: number,
  code: string,
): Promise<InjectResponse> {
  return app.inject({
    method: 'POST',
    url: `${API_BASE}/${OFFICE_CONSENT_PATHS.confirm}`,
    headers,
    payload: { applid, otp: await sealPassword(app, code) },
  });
}

/** Reads the tenant's code for the office application and confirms it as its official; throws unless 200. */
export async function confirmOfficeConsent(
  t: { app: App; db: Db },
  headers: Record<string, string>,
  applid: number,
): Promise<InjectResponse> {
  const res = await officeConsentCall(t.app, headers, applid, await consentCodeFor(t.db, applid));
  if (res.statusCode !== 200)
    throw new Error(`office tenantConsent ${applid} answered ${res.statusCode}: ${res.body}`);
  return res;
}
