import type { Address, Landlord } from '../../contract/landlords.contract';
import { REGISTRATION_FIELDS } from '../../contract/registration-fields';
import type { RentalUnit } from '../../contract/rental-units.contract';
import { formatDateTime, PdfWriter, type DetailPair } from './pdf-layout';

// The landlord's registration form (the landlord stepper's 'All steps completed' download): Form B filled in.
// The landlord's particulars and the rental units carry the labels of the printed Form B
// (contract/registration-fields.ts), drawn with the same layout helpers as the tenant's registration form.

const orDash = (v: string | null | undefined) => (v && v.trim() ? v : '-');

/** The value of one of Form B's landlord fields (dotted names for the addresses' parts). */
function landlordValue(landlord: Landlord, name: string): string {
  const [head, part] = name.split('.') as [string, string | undefined];
  if (head === 'permanentAddress' || head === 'presentAddress') {
    const address: Address = landlord[head];
    switch (part) {
      case 'address1':
        return address.address1;
      case 'address2':
        return orDash(address.address2);
      case 'statename':
        return address.district.statename.stateName;
      case 'district':
        return address.district.districtName;
      case 'pinCode':
        return address.pinCode;
      default:
        return '-';
    }
  }
  const value = (landlord as unknown as Record<string, unknown>)[head];
  return typeof value === 'string' ? orDash(value) : '-';
}

/** The value of one of Form B's rental-unit fields. */
function unitValue(unit: RentalUnit, name: string): string {
  switch (name) {
    case 'district':
      return unit.district.districtName || unit.la.dist.districtName;
    case 'la.ps':
      return unit.la.ps.policeStationName;
    case 'laCode':
      return unit.la.localAuthorityName;
    default: {
      const value = (unit as unknown as Record<string, unknown>)[name];
      return typeof value === 'string' ? orDash(value) : '-';
    }
  }
}

export function landlordRegistrationPdf(
  landlord: Landlord,
  meta: { generatedBy: string; generatedAt: Date },
): Buffer {
  const w = new PdfWriter();
  w.header('Landlord Registration Form');

  w.section('Landlord Details');
  const pairs: DetailPair[] = [['Registration No.', String(landlord.id)]];
  for (const field of REGISTRATION_FIELDS.landlord) {
    const wide = field.name.endsWith('address1') || field.name.endsWith('address2');
    pairs.push(
      wide
        ? [field.label, landlordValue(landlord, field.name), true]
        : [field.label, landlordValue(landlord, field.name)],
    );
  }
  w.details(pairs);

  w.section('Rental Units');
  const unitFields = REGISTRATION_FIELDS.rentalUnit;
  w.list(
    ['Sl.No', ...unitFields.map((f) => f.label), 'Vacancy'],
    landlord.rentalUnit.map((unit, i) => [
      String(i + 1),
      ...unitFields.map((f) => unitValue(unit, f.name)),
      unit.vacant ? 'Yes' : 'No',
    ]),
    'No rental units registered.',
  );

  w.paragraph(
    'I declare that I own the rental units above and that the particulars given are true to the best of my ' +
      'knowledge. Signature of the landlord: ________________________',
  );
  w.footer(
    `Landlord registration ${landlord.id}. Generated ${formatDateTime(meta.generatedAt)} IST by ${meta.generatedBy}.`,
  );
  return w.toBuffer();
}
