import { fromPromise } from 'xstate';
import {
  staffLoginMachine,
  type CaptchaChallenge,
  type SignInRequest,
  type SignedInUser,
} from '../../../../machines/session/staff-login.machine';
import { USER_ENDPOINTS, type SigninBody, type SigninReply } from '../../../contract/users.contract';
import { errorMessage } from '../../api/client';
import { callEndpoint } from '../../api/endpoint-call';
import { sealSecret } from '../../lib/seal-secret';
import { saveSession } from '../../lib/session-store';

/** GET users/getcaptcha: a new single-use challenge. */
export async function fetchCaptcha(signal?: AbortSignal): Promise<CaptchaChallenge> {
  const reply = await callEndpoint(USER_ENDPOINTS.captcha, {}, signal);
  return { captchaId: reply.captchaId, image: reply.image, contentType: reply.contentType };
}

/**
 * Signs an official in: fetches the transport key and its single-use nonce, seals the password, posts
 * users/signin and keeps the session. Rejects with an Error whose message is fit for the login banner (the
 * server's message, else the spec's fallback); the detail of anything unexpected goes to the console.
 */
export async function signInStaff(request: SignInRequest, signal?: AbortSignal): Promise<SigninReply> {
  try {
    const key = await callEndpoint(USER_ENDPOINTS.publicKey, {}, signal);
    const body: SigninBody = {
      username: request.username,
      password: await sealSecret(key.publicKey, key.nonce, request.password),
      captcha: request.captcha,
      captchaId: request.captchaId,
    };
    const reply = await callEndpoint(USER_ENDPOINTS.signin, { body }, signal);
    // The dialog was closed while the answer travelled: the person gave up, so no session is kept.
    if (signal?.aborted) throw signal.reason;
    saveSession(reply);
    return reply;
  } catch (err) {
    if (!signal?.aborted) console.error('Sign-in failed', err);
    throw new Error(errorMessage(err));
  }
}

/** The login machine with the real API calls plugged in. */
export const staffLoginLogic = staffLoginMachine.provide({
  actors: {
    fetchCaptcha: fromPromise(({ signal }) => fetchCaptcha(signal)),
    signIn: fromPromise<SignedInUser, SignInRequest>(({ input, signal }) => signInStaff(input, signal)),
  },
});
