import { describe, expect, it } from 'vitest';
import { emptyLandlordForm } from '../../../src/web/features/landlord/landlord-form';
import { emptyRentalUnitForm } from '../../../src/web/features/landlord/rental-unit-form';
import { formPaths, serverFieldError } from '../../../src/web/features/landlord/server-field-error';

// The API's 'field: message' refusals find the form field they are about (docs/landlords-api.md, "Validation").

const landlordFields = formPaths(emptyLandlordForm('ABC1234567'));
const unitFields = formPaths(emptyRentalUnitForm());
const refusal = (message: string, status = 400) => ({ status, message });

describe('serverFieldError', () => {
  it('reads the field of a landlord refusal, nested paths included', () => {
    expect(
      serverFieldError(refusal('presentAddress.pinCode: Invalid Pincode. Must be 6 digits.'), landlordFields),
    ).toEqual({ field: 'presentAddress.pinCode', text: 'Invalid Pincode. Must be 6 digits.' });
    expect(serverFieldError(refusal('mobile: Only numbers are allowed'), landlordFields)).toEqual({
      field: 'mobile',
      text: 'Only numbers are allowed',
    });
  });

  it('sends a refusal about a whole object to the first field inside it', () => {
    expect(serverFieldError(refusal('la: Police Station required'), unitFields)).toEqual({
      field: 'la.ps.policeStationCode',
      text: 'Police Station required',
    });
    expect(
      serverFieldError(refusal('permanentAddress.district.statename: State required'), landlordFields),
    ).toEqual({ field: 'permanentAddress.district.statename.stateCode', text: 'State required' });
  });

  it('keeps a message that names no field of the form, and ignores what is not a 400', () => {
    expect(serverFieldError(refusal('Sub-Locality/Ward not found.'), unitFields)).toEqual({
      field: null,
      text: 'Sub-Locality/Ward not found.',
    });
    expect(serverFieldError(refusal('rentcode: Give a rent code.'), unitFields)).toEqual({
      field: null,
      text: 'Give a rent code.',
    });
    expect(serverFieldError(refusal('This landlord record is not yours.', 403), landlordFields)).toBeNull();
    expect(serverFieldError({}, landlordFields)).toBeNull();
  });
});
