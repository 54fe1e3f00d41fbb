import { fromPromise } from 'xstate';
import {
  tenantApplicationMachine,
  type AppliedOfficeApplication,
  type ApplyOfficeApplicationInput,
  type CompletedApplicationsPage,
  type ConsentedPeople,
  type DownloadOfficeApplicationInput,
  type FindOfficeTenantInput,
  type LoadCompletedInput,
  type LoadListsInput,
  type OfficeApplicationRow,
  type OfficeConsentInput,
  type OfficeConsentResendInput,
  type OfficeWithdrawInput,
  type OpenedApplication,
  type SaveOfficeApplicationInput,
  type TenantApplicationLists,
} from '../../../../machines/clearance';
import type { LandlordApplicationPage } from '../../../contract/landlord-application-lists.contract';
import type { RentalUnit } from '../../../contract/rental-units.contract';
import { saveBase64File } from '../../lib/pdf-download';
import type { OfficeApplicationsApi } from './office-applications-api';

/** How a unit reads in Create New Application: house, floor, address lines, ward. */
export function officeUnitLabel(unit: RentalUnit): string {
  const house = [unit.houseNo, unit.floorNo].filter(Boolean).join(', ');
  const label = [house, unit.address1, unit.address2, unit.la.localAuthorityName].filter(Boolean).join(' · ');
  // Offered still, so that choosing it answers the server's reason (docs/reach.md: no application until then).
  return unit.landlordConsent === 'pending' ? `${label} (${UNIT_AWAITING_CONSENT_NOTE})` : label;
}

/** How the unit list names a unit awaiting its landlord's consent. */
export const UNIT_AWAITING_CONSENT_NOTE = "awaiting the landlord's consent";

const rowsOf = (page: LandlordApplicationPage): OfficeApplicationRow[] =>
  page.applDto.map(({ applid, rentcode, tenantid, tenantname, landlordname, rentaladdress }) => ({
    applid,
    rentcode,
    tenantid,
    tenantname,
    landlordname,
    rentaladdress,
  }));

const completedOf = (page: LandlordApplicationPage): CompletedApplicationsPage => ({
  rows: rowsOf(page),
  pageNumber: page.pageNumber,
  totalPages: page.totalPages,
});

/**
 * The panel's machine with the official's calls. The picker offers the incomplete applications this official
 * created (ApplicationList) on this landlord's units: the server lets an official apply only those it logged.
 * A picked application's members and helpers come from the save call again, which answers the same incomplete
 * application (docs/office-applications.md).
 */
export function tenantApplicationLogic(api: OfficeApplicationsApi) {
  const save = ({ channel, landlordId, rentcode, tenantId }: SaveOfficeApplicationInput) =>
    api.saveApplication(channel, { rentcode, tenantid: tenantId, landlordid: landlordId });
  return tenantApplicationMachine.provide({
    actors: {
      loadLists: fromPromise<TenantApplicationLists, LoadListsInput>(async ({ input, signal }) => {
        const [units, pickable, completed] = await Promise.all([
          api.landlordUnits(input.landlord.id, signal),
          api.pickableApplications(input.viewer.username, signal),
          api.completedByLandlordEpic(
            { username: input.viewer.username, epic: input.landlord.epic, page: 0 },
            signal,
          ),
        ]);
        const rentcodes = new Set(units.map((unit) => unit.rentcode));
        return {
          vacantUnits: units
            .filter((unit) => unit.vacant)
            .map((unit) => ({ rentcode: unit.rentcode, label: officeUnitLabel(unit) })),
          incomplete: rowsOf(pickable).filter((row) => rentcodes.has(row.rentcode)),
          completed: completedOf(completed),
        };
      }),
      loadCompletedPage: fromPromise<CompletedApplicationsPage, LoadCompletedInput>(
        async ({ input, signal }) =>
          completedOf(
            await api.completedByLandlordEpic(
              { username: input.viewer.username, epic: input.landlord.epic, page: input.page },
              signal,
            ),
          ),
      ),
      findTenant: fromPromise(({ input, signal }: { input: FindOfficeTenantInput; signal: AbortSignal }) =>
        api.clearanceTenant(input.idNumber, signal),
      ),
      saveApplication: fromPromise<OpenedApplication, SaveOfficeApplicationInput>(({ input }) => save(input)),
      readApplication: fromPromise<OpenedApplication, SaveOfficeApplicationInput>(({ input }) => save(input)),
      confirmConsent: fromPromise<ConsentedPeople, OfficeConsentInput>(({ input }) =>
        api.confirmTenantConsent(input.applid, input.code),
      ),
      resendConsent: fromPromise<{ consentCodeSentTo: string }, OfficeConsentResendInput>(({ input }) =>
        api.resendTenantConsent(input.applid),
      ),
      withdrawApplication: fromPromise<void, OfficeWithdrawInput>(async ({ input }) => {
        await api.withdrawApplication(input.applid);
      }),
      applyApplication: fromPromise<AppliedOfficeApplication, ApplyOfficeApplicationInput>(
        async ({ input }) => {
          const reply = await api.applyApplication({
            applid: input.applid,
            membercode: input.memberCodes,
            helperCode: input.helperCodes,
            ...(input.recommendation ? { recommendation: input.recommendation } : {}),
          });
          return { applid: reply.applid, message: reply.message };
        },
      ),
      downloadApplication: fromPromise<void, DownloadOfficeApplicationInput>(async ({ input, signal }) => {
        const form = await api.completedApplicationForm(input.applid, signal);
        saveBase64File(form.base64img, form.contenttype, form.filename);
      }),
    },
  });
}
