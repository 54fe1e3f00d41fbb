import type { Db } from '../client';
import {
  districts,
  documentOwner,
  documents,
  domesticHelpers,
  familyMembers,
  landlords,
  rentalUnits,
  tenants,
} from '../schema';
import type { DocumentOwnerType, DocumentType } from '../schema';
import { portraitJpeg, signatureJpeg, textPdf } from './demo-documents';
import { DEMO_LANDLORDS, type DemoAddress, type DemoUnit } from './demo-landlords.data';
import { DEMO_OUTSIDE_DISTRICTS, DEMO_TENANTS } from './demo-tenants.data';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What the application seed needs to know about the people it links. Indexes follow the data files. */
export interface DemoPeople {
  landlordIds: number[];
  /** rentcodes[landlordIndex][unitIndex] */
  rentcodes: string[][];
  units: DemoUnit[][];
  tenantIds: number[];
  /** Active (not left) family member codes and helper codes of each tenant. */
  familyCodes: number[][];
  helperCodes: number[][];
}

const perm = (a: DemoAddress) => ({
  permAddress1: a.address1,
  permAddress2: a.address2 ?? null,
  permPinCode: a.pinCode,
  permDistrictCode: a.districtCode,
});
const pres = (a: DemoAddress) => ({
  presAddress1: a.address1,
  presAddress2: a.address2 ?? null,
  presPinCode: a.pinCode,
  presDistrictCode: a.districtCode,
});
const unitAddress = (u: DemoUnit): DemoAddress => ({
  address1: [u.houseNo, u.floorNo && `${u.floorNo} floor`, u.address1].filter(Boolean).join(', '),
  address2: u.address2,
  pinCode: u.pinCode,
  districtCode: u.wardCode.slice(2, 6),
});

interface PendingDocument {
  doctype: DocumentType;
  ownerType: DocumentOwnerType;
  ownerId: number;
  file: Buffer;
  contentType: string;
  uploadedBy: string;
}

const jpeg = (
  doctype: DocumentType,
  ownerType: DocumentOwnerType,
  ownerId: number,
  file: Buffer,
  by: string,
) =>
  ({
    doctype,
    ownerType,
    ownerId,
    file,
    contentType: 'image/jpeg',
    uploadedBy: by,
  }) satisfies PendingDocument;
const pdf = (
  doctype: DocumentType,
  ownerType: DocumentOwnerType,
  ownerId: number,
  lines: string[],
  by: string,
) =>
  ({
    doctype,
    ownerType,
    ownerId,
    file: textPdf(lines),
    contentType: 'application/pdf',
    uploadedBy: by,
  }) satisfies PendingDocument;

/**
 * Writes the demo landlords (with units and helpers) and tenants (with family, helpers and documents).
 * `presentUnitOf(tenantIndex)` names the unit a tenant now lives in, [landlordIndex, unitIndex], if any.
 */
export async function seedDemoPeople(
  tx: Tx,
  presentUnitOf: (tenantIndex: number) => readonly [number, number] | undefined,
): Promise<DemoPeople> {
  await tx
    .insert(districts)
    .values(DEMO_OUTSIDE_DISTRICTS.map(([code, name, stateCode]) => ({ code, name, stateCode })))
    .onConflictDoNothing();

  const landlordRows = await tx
    .insert(landlords)
    .values(
      DEMO_LANDLORDS.map((l) => ({
        epicNo: l.epicNo,
        firstName: l.firstName,
        middleName: l.middleName ?? null,
        lastName: l.lastName,
        occupation: l.occupation,
        mobile: l.mobile,
        email: l.email ?? null,
        ...perm(l.address),
        ...pres(l.address),
      })),
    )
    .returning({ id: landlords.id });
  const landlordIds = landlordRows.map((r) => r.id);

  const rentcodes: string[][] = [];
  for (const [li, l] of DEMO_LANDLORDS.entries()) {
    const rows = await tx
      .insert(rentalUnits)
      .values(
        l.units.map((u) => ({ ...u, landlordId: landlordIds[li], districtCode: u.wardCode.slice(2, 6) })),
      )
      .returning({ rentcode: rentalUnits.rentcode });
    rentcodes.push(rows.map((r) => r.rentcode));
  }

  const pending: PendingDocument[] = [];
  const landlordHelpers = DEMO_LANDLORDS.flatMap((l, li) =>
    (l.helpers ?? []).map(([memberName, dateOfBirth, address1, pinCode, districtCode]) => ({
      ownerType: 'landlord' as const,
      landlordId: landlordIds[li],
      memberName,
      dateOfBirth,
      permAddress1: address1,
      permPinCode: pinCode,
      permDistrictCode: districtCode,
      presPinCode: l.address.pinCode,
    })),
  );
  for (const [i, h] of (await tx.insert(domesticHelpers).values(landlordHelpers).returning()).entries()) {
    pending.push(
      jpeg('SIGNATURE', 'landlordhelper', h.memberCode, signatureJpeg(i + 7), `landlord:${h.landlordId}`),
    );
  }

  const tenantRows = await tx
    .insert(tenants)
    .values(
      DEMO_TENANTS.map((t, ti) => {
        const at = presentUnitOf(ti);
        return {
          epicNo: t.epicNo,
          firstName: t.firstName,
          middleName: t.middleName ?? null,
          lastName: t.lastName,
          parentOrSpouseName: t.parentOrSpouseName,
          nationality: t.nationality ?? 'Indian',
          dateOfBirth: t.dateOfBirth,
          occupation: t.occupation,
          mobile: t.mobile,
          email: t.email ?? null,
          tenancyType: t.tenancyType,
          ...perm(t.home),
          ...pres(at ? unitAddress(DEMO_LANDLORDS[at[0]].units[at[1]]) : t.home),
          // Registered at the counter of the ward it lives in, so that ward (and the areas above it) may make its
          // office applications without asking for a code (docs/tenant-consent.md); one living nowhere yet was not.
          registeredArea: at ? DEMO_LANDLORDS[at[0]].units[at[1]].wardCode : null,
        };
      }),
    )
    .returning({ id: tenants.id });
  const tenantIds = tenantRows.map((r) => r.id);

  const familyCodes: number[][] = DEMO_TENANTS.map(() => []);
  const helperCodes: number[][] = DEMO_TENANTS.map(() => []);
  for (const [ti, t] of DEMO_TENANTS.entries()) {
    const id = tenantIds[ti];
    const by = `tenant:${id}`;
    const name = [t.firstName, t.middleName, t.lastName].filter(Boolean).join(' ');
    pending.push(jpeg('PHOTO', 'tenant', id, portraitJpeg(ti), by));
    if (!t.missingSignature) pending.push(jpeg('SIGNATURE', 'tenant', id, signatureJpeg(ti), by));
    pending.push(
      pdf(
        'IDENTITYPROOF',
        'tenant',
        id,
        [
          'IDENTITY PROOF (demo scan)',
          `Name: ${name}`,
          `ID number: ${t.epicNo}`,
          `Date of birth: ${t.dateOfBirth}`,
          'Demo data of the MRSS portal: not a real document.',
        ],
        by,
      ),
    );
    if (t.home.districtCode.startsWith('17')) {
      pending.push(
        pdf(
          'RESIDENTIALCERTIFICATE',
          'tenant',
          id,
          [
            'RESIDENTIAL CERTIFICATE (demo scan)',
            `Name: ${name}`,
            `Resident of ${t.home.address1}, ${t.home.address2 ?? ''} ${t.home.pinCode}`,
            'Demo data: not a real document.',
          ],
          by,
        ),
      );
    }
    if (t.family?.length) {
      const rows = await tx
        .insert(familyMembers)
        .values(
          t.family.map(([memberName, dateOfBirth, relationship, occupation, leftOn]) => ({
            tenantId: id,
            memberName,
            dateOfBirth,
            relationship,
            occupation,
            leftOn,
            ...perm(t.home),
          })),
        )
        .returning();
      for (const [fi, m] of rows.entries()) {
        pending.push(jpeg('PHOTO', 'tenantfamily', m.memberCode, portraitJpeg(ti + fi + 1), by));
        if (!m.leftOn) familyCodes[ti].push(m.memberCode);
      }
    }
    if (t.helpers?.length) {
      const rows = await tx
        .insert(domesticHelpers)
        .values(
          t.helpers.map(([memberName, dateOfBirth, leftOn]) => ({
            ownerType: 'tenant' as const,
            tenantId: id,
            memberName,
            dateOfBirth,
            leftOn,
            permAddress1: 'Laban',
            permAddress2: 'Shillong',
            permPinCode: '793004',
            permDistrictCode: '1701',
          })),
        )
        .returning();
      for (const h of rows) {
        pending.push(jpeg('SIGNATURE', 'tenanthelper', h.memberCode, signatureJpeg(h.memberCode), by));
        if (!h.leftOn) helperCodes[ti].push(h.memberCode);
      }
    }
  }

  await tx.insert(documents).values(
    pending.map((d) => ({
      ...documentOwner(d.ownerType, d.ownerId),
      doctype: d.doctype,
      contentType: d.contentType,
      content: d.file,
      size: d.file.length,
      uploadedBy: d.uploadedBy,
    })),
  );

  const units = DEMO_LANDLORDS.map((l) => l.units);
  return { landlordIds, rentcodes, units, tenantIds, familyCodes, helperCodes };
}
