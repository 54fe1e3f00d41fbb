import { z } from 'zod';
import { endpoint, type Access } from './endpoint';
import {
  citizenUnitSchema,
  landlordUnitsParamsSchema,
  RENTAL_UNIT_CONSENT_PATHS,
  rentalUnitSchema,
  rentalUnitsPageSchema,
  rentalUnitsQuerySchema,
  staffUnitSchema,
  unitChangedSchema,
  unitChangeSchema,
  unitConsentBodySchema,
  unitConsentGivenSchema,
  unitConsentResendBodySchema,
  unitConsentResentSchema,
  unitSavedSchema,
  vacancyParamsSchema,
  vacancyReplySchema,
  type UnitInput,
} from './rental-units.contract';
import { LANDLORD_STAFF_ROLES, VACANCY_STAFF_ROLES } from './roles';

// The rental unit endpoints (docs/landlords-api.md), apart from the schemas in rental-units.contract.ts.

const tag = 'rental-units';
const staffAccess: Access = { staff: LANDLORD_STAFF_ROLES };

/** The officials' Rental Units screen and their calls on a landlord's consent to a unit they added. */
export const RENTAL_UNIT_ENDPOINTS = {
  list: endpoint({
    method: 'GET',
    path: '/register/rentalUnits',
    access: staffAccess,
    tag,
    query: rentalUnitsQuerySchema,
    reply: rentalUnitsPageSchema,
  }),
  confirmConsent: endpoint({
    method: 'POST',
    path: `/${RENTAL_UNIT_CONSENT_PATHS.confirm}`,
    access: staffAccess,
    tag,
    body: unitConsentBodySchema,
    reply: unitConsentGivenSchema,
  }),
  resendConsent: endpoint({
    method: 'POST',
    path: `/${RENTAL_UNIT_CONSENT_PATHS.resend}`,
    access: staffAccess,
    tag,
    body: unitConsentResendBodySchema,
    reply: unitConsentResentSchema,
  }),
};

/**
 * A landlord's units: the same calls under `register/` for officials (ward inside their jurisdiction; the vacancy
 * for fewer roles) and `process/` for the landlord's key (its own units only). Each posts its own unit fields.
 */
function rentalUnitRecordEndpoints(
  area: 'register' | 'process',
  access: Access,
  vacancyAccess: Access,
  unitSchema: z.ZodType<UnitInput>,
) {
  return {
    create: endpoint({
      method: 'POST',
      path: `/${area}/rentalUnit`,
      access,
      tag,
      body: unitSchema,
      reply: unitSavedSchema,
    }),
    change: endpoint({
      method: 'PUT',
      path: `/${area}/rentalUnit`,
      access,
      tag,
      body: unitChangeSchema,
      reply: unitChangedSchema,
    }),
    ofLandlord: endpoint({
      method: 'GET',
      path: `/${area}/rentalUnit/landlord/:landlordId`,
      access,
      tag,
      params: landlordUnitsParamsSchema,
      reply: z.array(rentalUnitSchema),
    }),
    markVacant: endpoint({
      method: 'GET',
      path: `/${area}/rentalUnit/changestatus/:landlordId/:rentcode`,
      access: vacancyAccess,
      tag,
      params: vacancyParamsSchema,
      reply: vacancyReplySchema,
    }),
  };
}

const keyAccess: Access = { citizen: ['landlord'] };
export const RENTAL_UNIT_RECORD_ENDPOINTS = {
  staff: rentalUnitRecordEndpoints('register', staffAccess, { staff: VACANCY_STAFF_ROLES }, staffUnitSchema),
  own: rentalUnitRecordEndpoints('process', keyAccess, keyAccess, citizenUnitSchema),
};
