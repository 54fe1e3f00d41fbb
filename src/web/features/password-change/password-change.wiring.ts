import { fromPromise } from 'xstate';
import {
  passwordChangeMachine,
  type PasswordChangeRequest,
} from '../../../../machines/session/password-change.machine';
import { OTP_ENDPOINTS, type ChangePasswordBody } from '../../../contract/otp.contract';
import { otpAccessLogic } from '../../api/citizen-otp';
import { callEndpoint } from '../../api/endpoint-call';
import { sealForServer } from '../../api/sealed-secret';
import { toServerFailure } from '../../api/server-failure';
import { clearCitizenKey, readCitizenKey } from '../../lib/citizen-key-store';

/**
 * POST process/changepassword: the new password sealed like the sign-in one, with the 'user' key of the OTP step.
 * The key is spent either way once the server has answered: on success the server ends every 'user' key of the
 * account, and a 401 says the key is dead; so neither leaves it in this tab for the API client to keep sending.
 */
export async function changePasswordByOtp(
  request: PasswordChangeRequest,
  signal?: AbortSignal,
): Promise<string> {
  try {
    const body: ChangePasswordBody = {
      username: request.username,
      password: await sealForServer(request.password, signal),
    };
    const reply = await callEndpoint(
      OTP_ENDPOINTS.changePassword,
      { body, headers: { 'X-Api-Key': request.key.apiKey } },
      signal,
    );
    clearCitizenKey();
    return reply.message;
  } catch (err) {
    const failure = toServerFailure(err);
    if (failure.status === 401) clearCitizenKey();
    throw failure;
  }
}

/**
 * Forgets the key of an unfinished password change when the dialog closes: a 'user' key reaches nothing but this
 * dialog, and the API client would otherwise attach it to every later call of the tab.
 */
export function forgetPasswordChangeKey(): void {
  if (readCitizenKey()?.subject === 'user') clearCitizenKey();
}

/** The password change machine with the real calls: the OTP child seals its code, Apply seals the password. */
export const passwordChangeLogic = passwordChangeMachine.provide({
  actors: {
    otpAccess: otpAccessLogic,
    changePassword: fromPromise<unknown, PasswordChangeRequest>(({ input, signal }) =>
      changePasswordByOtp(input, signal),
    ),
  },
});
