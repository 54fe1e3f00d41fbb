import { CITIZEN_APPLICATION_ENDPOINTS } from '../../contract/citizen-applications-endpoints.contract';
import { callEndpoint } from './endpoint-call';
import { asServerCall } from './server-failure';

// The landlord's Delete of its own application, with its key (`PUT process/anonymous/updateApplication/{applid}/
// {landlordId}`, docs/citizen-applications-api.md): the Clearance tab's Reset and the Applications tab's Delete.

export function withdrawClearanceApplication(applid: number, landlordId: number | string) {
  return asServerCall(() =>
    callEndpoint(CITIZEN_APPLICATION_ENDPOINTS.withdraw, {
      params: { applid, landlordId: Number(landlordId) },
    }),
  );
}
