import { fromPromise } from 'xstate';
import {
  anonymousClearanceMachine,
  type ClearanceApply,
  type ClearanceConsent,
  type ClearanceConsentGiven,
  type ClearanceConsentResend,
  type ClearanceWithdraw,
  type ClearanceDownload,
  type ClearanceGenerate,
  type ClearanceKeyInput,
  type ClearanceTenant,
  type ClearanceTenantLookup,
  type ClearanceUnit,
  type GeneratedClearance,
} from '../../../../machines/clearance';
import type { RentalUnit } from '../../../contract/rental-units.contract';
import { otpAccessLogic } from '../../api/citizen-otp';
import { prepareSeal } from '../../api/sealed-secret';
import { saveBase64File } from '../../lib/pdf-download';
import {
  applyClearanceApplication,
  clearanceTenant,
  completedApplicationForm,
  confirmTenantConsent,
  generateClearanceApplication,
  resendTenantConsent,
  landlordUnitsForClearance,
} from './clearance-api';
import { withdrawClearanceApplication } from '../../api/withdraw-application';

/** A key without a landlord cannot be a landlord's: the server would refuse it, so the clearance treats it so. */
const KEY_ENDED = { status: 401 };

export function clearanceUnitOf(unit: RentalUnit): ClearanceUnit {
  return {
    rentcode: unit.rentcode,
    houseNo: unit.houseNo,
    floorNo: unit.floorNo,
    address1: unit.address1,
    address2: unit.address2,
    wardName: unit.la.localAuthorityName,
  };
}

/**
 * The anonymous clearance machine with the real calls: the OTP child seals its code and keeps the key for this tab
 * (or the landlord page hands over its own); a refused key rejects with `{status: 401}` like every parsed call.
 */
export const clearanceLogic = anonymousClearanceMachine.provide({
  actors: {
    otpAccess: otpAccessLogic,
    loadVacantUnits: fromPromise<ClearanceUnit[], ClearanceKeyInput>(async ({ input, signal }) => {
      if (input.key.landlordId === undefined) throw KEY_ENDED;
      const units = await landlordUnitsForClearance(input.key.landlordId, signal);
      return units.filter((unit) => unit.vacant).map(clearanceUnitOf);
    }),
    findTenant: fromPromise<ClearanceTenant, ClearanceTenantLookup>(({ input, signal }) =>
      clearanceTenant(input.idNumber, signal),
    ),
    generateApplication: fromPromise<GeneratedClearance, ClearanceGenerate>(async ({ input }) => {
      const generated = await generateClearanceApplication({
        rentcode: input.rentcode,
        tenantid: input.tenantId,
      });
      // The code is on its way to the tenant: the key that will seal it is fetched while the landlord asks for it.
      if (generated.tenantConsent === 'pending') prepareSeal();
      return generated;
    }),
    confirmConsent: fromPromise<ClearanceConsentGiven, ClearanceConsent>(async ({ input }) => {
      try {
        return await confirmTenantConsent(input.applid, input.code);
      } catch (error) {
        prepareSeal();
        throw error;
      }
    }),
    resendConsent: fromPromise<{ consentCodeSentTo: string }, ClearanceConsentResend>(({ input }) =>
      resendTenantConsent(input.applid),
    ),
    withdrawApplication: fromPromise<void, ClearanceWithdraw>(async ({ input }) => {
      if (input.key.landlordId === undefined) throw KEY_ENDED;
      await withdrawClearanceApplication(input.applid, input.key.landlordId);
    }),
    applyApplication: fromPromise<void, ClearanceApply>(async ({ input }) => {
      await applyClearanceApplication({
        applid: input.applid,
        membercode: input.memberCodes,
        helperCode: input.helperCodes,
      });
    }),
    downloadApplication: fromPromise<void, ClearanceDownload>(async ({ input, signal }) => {
      const form = await completedApplicationForm(input.applid, signal);
      saveBase64File(form.base64img, form.contenttype, form.filename);
    }),
  },
});
