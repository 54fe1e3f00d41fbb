import { fromPromise } from 'xstate';
import {
  otpAccessMachine,
  type CitizenKey,
  type OtpRequest,
  type OtpSent,
  type OtpVerification,
} from '../../../machines/access/otp-access.machine';
import { OTP_ENDPOINTS, type ValidateOtpBody } from '../../contract/otp.contract';
import { clearCitizenKey, saveCitizenKey } from '../lib/citizen-key-store';
import { callEndpoint } from './endpoint-call';
import { prepareSeal, sealForServer } from './sealed-secret';
import { asServerCall } from './server-failure';

/** GET apikey/getOTP/{id}?subject=... (or getOTP/user/{username}): the code goes to the registered email or mobile. */
export function requestOtp(request: OtpRequest, signal?: AbortSignal): Promise<OtpSent> {
  const { id, subject } = request;
  return asServerCall(async () => {
    const sent =
      subject === 'user'
        ? await callEndpoint(OTP_ENDPOINTS.requestStaffOtp, { params: { username: id } }, signal)
        : await callEndpoint(OTP_ENDPOINTS.requestOtp, { params: { id }, query: { subject } }, signal);
    // The code is on its way: the key that will seal it is fetched while the person reads and types it.
    prepareSeal();
    return sent;
  });
}

/**
 * POST apikey/validateOTP/{id} with the code sealed like a password; on success the citizen key is kept for this
 * tab (X-Api-Key on the calls that follow) and handed to the machine.
 */
export function verifyOtp(request: OtpVerification, signal?: AbortSignal): Promise<CitizenKey> {
  return asServerCall(async () => {
    const body: ValidateOtpBody = {
      otp: await sealForServer(request.otp, signal),
      subject: request.subject,
      challenge: request.challenge,
    };
    // A refused code is usually typed again: have the next seal ready.
    const reply = await callEndpoint(
      OTP_ENDPOINTS.validateOtp,
      { params: { id: request.id }, body },
      signal,
    ).catch((error: unknown) => {
      prepareSeal();
      throw error;
    });
    const key: CitizenKey = {
      apiKey: reply.apiKey,
      expiresAt: reply.expiresAt,
      subject: reply.subject,
      landlordId: reply.landlordId,
      tenantId: reply.tenantId,
      username: reply.username,
      ...(reply.reach === 'held-change' ? { reach: reply.reach } : {}),
    };
    saveCitizenKey({
      apiKey: key.apiKey,
      subject: reply.subject === 'user' ? 'user' : reply.subject === 'landlord' ? 'landlord' : 'tenant',
      subjectId: String(key.landlordId ?? key.tenantId ?? key.username ?? request.id),
      expiresAt: key.expiresAt,
    });
    return key;
  });
}

/**
 * The citizen's Logout: POST apikey/logout ends the key on the server at once, then this tab forgets it. The key
 * is forgotten even when the call fails (offline, or the key already ended): the person asked to leave.
 */
export async function logoutCitizen(): Promise<void> {
  try {
    await callEndpoint(OTP_ENDPOINTS.logout, {});
  } catch {
    // The key is dropped below either way; an ended key cannot be used again by this tab.
  } finally {
    clearCitizenKey();
  }
}

/** The OTP child every citizen machine invokes, with the real calls (the code is sealed before it is sent). */
export const otpAccessLogic = otpAccessMachine.provide({
  actors: {
    requestOtp: fromPromise(({ input, signal }) => requestOtp(input, signal)),
    verifyOtp: fromPromise(({ input, signal }) => verifyOtp(input, signal)),
  },
});
