import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import {
  VERIFICATION_CODE_PATTERN,
  CERTIFICATE_MESSAGES,
  type VerifyReply,
} from '../../contract/certificate.contract';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { applications, documents, landlords, localities, tenancyTypes, tenants } from '../db/schema';
import type { Caller } from '../security/caller';
import { canSeeWard } from '../workflow/application-facts';
import { applicationDetailFor } from './applications-withheld';
import { keyLandlordId } from './owner-scope';
import type { ApplicationDetail } from '../../contract/applications.contract';

// The clearance certificate (GenerateRC) and its public verification code (docs/certificate.md). The code is
// `{applid}-{mac}`: mac is the first 16 base64url characters (96 bits) of HMAC-SHA256 over the application id and
// the certification time, keyed by MRSS_CERTIFICATE_SECRET. Nothing is stored: the server recomputes the mac from
// the row. Without the secret a code cannot be made; a code of another application or time does not match.

/**
 * In demo mode only (MRSS_DEMO), a fixed key so that demo data and tests work without configuration. Anyone can
 * read it here, so a start that merely forgot NODE_ENV=production must not sign with it: codes would be forgeable.
 */
const DEVELOPMENT_SECRET = 'mrss-development-certificate-secret-not-for-production';

/** The signing key, or null outside demo mode when none is configured (the certificate routes then answer 503). */
export function certificateSecret(config: Config): string | null {
  if (config.MRSS_CERTIFICATE_SECRET) return config.MRSS_CERTIFICATE_SECRET;
  return config.MRSS_DEMO ? DEVELOPMENT_SECRET : null;
}

function mac(secret: string, applid: number, certifiedAt: Date): string {
  return createHmac('sha256', secret)
    .update(`mrss-certificate:${applid}:${certifiedAt.toISOString()}`)
    .digest('base64url')
    .slice(0, 16);
}

export function verificationCode(secret: string, applid: number, certifiedAt: Date): string {
  return `${applid}-${mac(secret, applid, certifiedAt)}`;
}

const fullName = (p: { firstName: string; middleName: string | null; lastName: string | null }) =>
  [p.firstName, p.middleName, p.lastName].filter(Boolean).join(' ');

/** Genuine: the code's mac matches a certified application; valid: that clearance still stands. Names only. */
export async function verifyCertificate(db: Db, secret: string, code: string): Promise<VerifyReply> {
  if (!VERIFICATION_CODE_PATTERN.test(code)) return { genuine: false };
  const dash = code.indexOf('-');
  const applid = Number(code.slice(0, dash));
  if (!Number.isSafeInteger(applid)) return { genuine: false };
  const [row] = await db
    .select({
      applid: applications.applid,
      status: applications.status,
      certifiedAt: applications.certifiedAt,
      certificateNo: applications.certificateNo,
      deletedAt: applications.deletedAt,
      localityName: localities.name,
      tenant: { firstName: tenants.firstName, middleName: tenants.middleName, lastName: tenants.lastName },
      landlord: {
        firstName: landlords.firstName,
        middleName: landlords.middleName,
        lastName: landlords.lastName,
      },
    })
    .from(applications)
    .innerJoin(tenants, eq(tenants.id, applications.tenantId))
    .innerJoin(landlords, eq(landlords.id, applications.landlordId))
    .innerJoin(localities, eq(localities.code, applications.localityCode))
    .where(eq(applications.applid, applid));
  if (!row?.certifiedAt || !row.certificateNo) return { genuine: false };
  const expected = Buffer.from(mac(secret, applid, row.certifiedAt));
  const given = Buffer.from(code.slice(dash + 1));
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { genuine: false };
  const reason =
    row.deletedAt !== null
      ? CERTIFICATE_MESSAGES.closed
      : row.status === 'APARV'
        ? CERTIFICATE_MESSAGES.shifted
        : row.status !== 'PLVP'
          ? CERTIFICATE_MESSAGES.closed
          : null;
  return {
    genuine: true,
    valid: reason === null,
    applid,
    certificateNo: row.certificateNo,
    certifiedAt: row.certifiedAt.toISOString(),
    certifyingOffice: `Locality/Cantonment: ${row.localityName}`,
    tenantName: fullName(row.tenant),
    landlordName: fullName(row.landlord),
    reason,
  };
}

export interface CertificateData {
  detail: ApplicationDetail;
  certifiedAt: Date;
  certificateNo: string;
  tenancyTypeName: string;
  tenantPhotoJpeg: Buffer | null;
}

export type CertificateLookup =
  | { ok: true; data: CertificateData }
  | { ok: false; reason: 'not-found' | 'deleted' | 'refused' | 'not-certified' };

/** Loads application `applid` for its certificate: a landlord's own, or one within the official's jurisdiction. */
export async function certificateData(db: Db, caller: Caller, applid: number): Promise<CertificateLookup> {
  const [row] = await db
    .select({
      landlordId: applications.landlordId,
      wardCode: applications.wardCode,
      status: applications.status,
      deletedAt: applications.deletedAt,
      certifiedAt: applications.certifiedAt,
      certificateNo: applications.certificateNo,
      tenantId: applications.tenantId,
      tenancyTypeName: tenancyTypes.type,
    })
    .from(applications)
    .innerJoin(tenants, eq(tenants.id, applications.tenantId))
    .innerJoin(tenancyTypes, eq(tenancyTypes.code, tenants.tenancyType))
    .where(eq(applications.applid, applid));
  // A key learns nothing about other landlords' ids: missing and foreign are the same refusal.
  if (caller.kind === 'citizen') {
    if (!row || row.landlordId !== keyLandlordId(caller)) return { ok: false, reason: 'refused' };
  } else {
    if (!row) return { ok: false, reason: 'not-found' };
    if (!canSeeWard(caller.staff, row.wardCode)) return { ok: false, reason: 'refused' };
  }
  if (row.deletedAt) return { ok: false, reason: 'deleted' };
  if (row.status !== 'PLVP' || !row.certifiedAt || !row.certificateNo)
    return { ok: false, reason: 'not-certified' };
  const [detail, photo] = await Promise.all([
    applicationDetailFor(db, caller, applid),
    db
      .select({ content: documents.content })
      .from(documents)
      .where(
        and(
          eq(documents.tenantId, row.tenantId),
          eq(documents.doctype, 'PHOTO'),
          eq(documents.contentType, 'image/jpeg'),
        ),
      )
      .orderBy(desc(documents.docid))
      .limit(1),
  ]);
  if (!detail) return { ok: false, reason: 'not-found' };
  return {
    ok: true,
    data: {
      detail,
      certifiedAt: row.certifiedAt,
      certificateNo: row.certificateNo,
      tenancyTypeName: row.tenancyTypeName,
      // An official that does not reach the tenant gets no photo (docs/reach.md).
      tenantPhotoJpeg: detail.tenant.recordWithheld ? null : (photo[0]?.content ?? null),
    },
  };
}
