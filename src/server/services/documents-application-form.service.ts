import { asc, eq } from 'drizzle-orm';
import type { ApplicationDetail } from '../../contract/applications.contract';
import type { Db } from '../db/client';
import { applicationFlow, applications, districts, documents, tenancyTypes, tenants } from '../db/schema';
import type { Caller } from '../security/caller';
import { isWithinJurisdiction, jurisdictionOf } from '../security/jurisdiction-scope';
import { applicationDetailFor } from './applications-withheld';
import { keyLandlordId } from './owner-scope';

// The completed application form (GetCompletedApplicationForm, for officials and for the landlord's key) prints
// the application as the detail dialog loads it (applicationDetailFor: cut to an official's reach), plus the few things the dialog never
// shows. The PDF itself is drawn by
// src/server/pdf/application-form.pdf.ts.

/** What the form prints beyond the detail dialog's reply. */
export interface FormExtras {
  completedAt: Date | null;
  /** The application's own district (the dialog only shows the rental unit's). */
  district: { code: string; name: string };
  /** The tenancy type's name; the detail carries only its code. */
  tenancyTypeName: string;
  /** The latest tenant PHOTO document when it is a JPEG (the only kind the form embeds). */
  tenantPhotoJpeg: Buffer | null;
  /** The application remarks stored with each flow step, by flow entry id. */
  flowApplRemarks: Record<number, string | null>;
}

export interface ApplicationFormData {
  detail: ApplicationDetail;
  extras: FormExtras;
}

export type FormLookup =
  | { ok: true; data: ApplicationFormData }
  | { ok: false; reason: 'not-found' | 'deleted' | 'refused' | 'incomplete' };

/**
 * Loads the application `applid` for the form. An official: within its jurisdiction ('refused' otherwise), as
 * it stands. A landlord's key: its own applications only, once applied ('incomplete' before); an unknown id is
 * 'refused' like another landlord's, so a key learns nothing about other ids. Deleted ones are never printed.
 */
export async function applicationFormData(db: Db, caller: Caller, applid: number): Promise<FormLookup> {
  // An official's form prints only what it reaches of the landlord and the tenant (docs/reach.md).
  const detail = await applicationDetailFor(db, caller, applid);
  if (caller.kind === 'citizen') {
    if (!detail || detail.landlord.id !== keyLandlordId(caller)) return { ok: false, reason: 'refused' };
  } else {
    if (!detail) return { ok: false, reason: 'not-found' };
    if (!isWithinJurisdiction(jurisdictionOf(caller.staff), detail.localAuthorityCode))
      return { ok: false, reason: 'refused' };
  }
  // A cancellation is a soft delete too: both are closed and neither is printed.
  if (detail.closed) return { ok: false, reason: 'deleted' };
  if (caller.kind === 'citizen' && !detail.complete) return { ok: false, reason: 'incomplete' };
  const extras = await formExtras(db, detail);
  return extras ? { ok: true, data: { detail, extras } } : { ok: false, reason: 'not-found' };
}

async function formExtras(db: Db, detail: ApplicationDetail): Promise<FormExtras | null> {
  // A withheld tenant lists no documents already; the photo is kept out by name as well, so it never depends on that.
  const photos = (detail.tenant.recordWithheld ? [] : detail.tenant.documents).filter(
    (d) => d.doctype === 'PHOTO' && d.contenttype === 'image/jpeg',
  );
  const photoDocid = photos.length > 0 ? Math.max(...photos.map((d) => d.docid)) : null;
  const [[row], flow, photo] = await Promise.all([
    db
      .select({
        completedAt: applications.completedAt,
        districtCode: applications.districtCode,
        districtName: districts.name,
        tenancyTypeName: tenancyTypes.type,
      })
      .from(applications)
      .innerJoin(districts, eq(districts.code, applications.districtCode))
      .innerJoin(tenants, eq(tenants.id, applications.tenantId))
      .innerJoin(tenancyTypes, eq(tenancyTypes.code, tenants.tenancyType))
      .where(eq(applications.applid, detail.applid)),
    db
      .select({ id: applicationFlow.id, applRemarks: applicationFlow.applRemarks })
      .from(applicationFlow)
      .where(eq(applicationFlow.applid, detail.applid))
      .orderBy(asc(applicationFlow.id)),
    photoDocid === null
      ? Promise.resolve([])
      : db.select({ content: documents.content }).from(documents).where(eq(documents.docid, photoDocid)),
  ]);
  if (!row) return null;
  return {
    completedAt: row.completedAt,
    district: { code: row.districtCode, name: row.districtName },
    tenancyTypeName: row.tenancyTypeName,
    tenantPhotoJpeg: photo[0]?.content ?? null,
    flowApplRemarks: Object.fromEntries(flow.map((f) => [f.id, f.applRemarks])),
  };
}
