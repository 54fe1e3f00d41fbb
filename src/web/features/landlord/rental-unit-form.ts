import type { RentalUnit } from '../../../contract/rental-units.contract';
import type { RentalUnitBody } from './landlord-services';

/**
 * The New / Edit Rental Unit dialog's values, in the shape of the unit body (docs/landlords-api.md), so the
 * contract's citizen schema checks them with the spec's messages: police station, sub-locality/ward, address
 * line 1, pincode and district are required for a landlord with its key (section 5).
 */
export interface RentalUnitFormValues {
  houseNo: string;
  floorNo: string;
  address1: string;
  address2: string;
  pinCode: string;
  district: { districtCode: string };
  la: { ps: { policeStationCode: string } };
  laCode: string;
}

export function emptyRentalUnitForm(): RentalUnitFormValues {
  return {
    houseNo: '',
    floorNo: '',
    address1: '',
    address2: '',
    pinCode: '',
    district: { districtCode: '' },
    la: { ps: { policeStationCode: '' } },
    laCode: '',
  };
}

export function rentalUnitFormOf(unit: RentalUnit): RentalUnitFormValues {
  return {
    houseNo: unit.houseNo ?? '',
    floorNo: unit.floorNo ?? '',
    address1: unit.address1,
    address2: unit.address2 ?? '',
    pinCode: unit.pinCode,
    district: { districtCode: unit.district.districtCode },
    la: { ps: { policeStationCode: unit.la.ps.policeStationCode } },
    laCode: unit.laCode,
  };
}

export function rentalUnitBodyOf(values: RentalUnitFormValues, landlordId: string): RentalUnitBody {
  const optional = (value: string) => (value.trim() ? value.trim() : undefined);
  return {
    ...values,
    landlordId: Number(landlordId),
    houseNo: optional(values.houseNo),
    floorNo: optional(values.floorNo),
    address2: optional(values.address2),
  };
}
