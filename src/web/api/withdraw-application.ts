import { withdrawnApplicationSchema } from '../../contract/citizen-applications.contract';
import { sendParsed as send } from './parsed-calls';

// The landlord's Delete of its own application, with its key (`PUT process/anonymous/updateApplication/{applid}/
// {landlordId}`, docs/citizen-applications-api.md): the Clearance tab's Reset and the Applications tab's Delete.

const enc = encodeURIComponent;

export function withdrawClearanceApplication(applid: number, landlordId: number | string) {
  return send(
    'PUT',
    `process/anonymous/updateApplication/${enc(String(applid))}/${enc(String(landlordId))}`,
    withdrawnApplicationSchema,
  );
}
