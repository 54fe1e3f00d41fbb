import { fromPromise } from 'xstate';
import {
  staffLoginMachine,
  type CaptchaChallenge,
  type SignInRequest,
  type SignedInUser,
} from '../../../../machines/session/staff-login.machine';
import {
  captchaReplySchema,
  publicKeyReplySchema,
  signinReplySchema,
  type SigninBody,
  type SigninReply,
} from '../../../contract/users.contract';
import { api, errorMessage } from '../../api/client';
import { sealSecret } from '../../lib/seal-secret';
import { saveSession } from '../../lib/session-store';

/** GET users/getcaptcha: a new single-use challenge. */
export async function fetchCaptcha(signal?: AbortSignal): Promise<CaptchaChallenge> {
  const reply = captchaReplySchema.parse(await api('users/getcaptcha', { signal }));
  return { captchaId: reply.captchaId, image: reply.image, contentType: reply.contentType };
}

/**
 * Signs an official in: fetches the transport key and its single-use nonce, seals the password, posts
 * users/signin and keeps the session. Rejects with an Error whose message is fit for the login banner (the
 * server's message, else the spec's fallback); the detail of anything unexpected goes to the console.
 */
export async function signInStaff(request: SignInRequest, signal?: AbortSignal): Promise<SigninReply> {
  try {
    const key = publicKeyReplySchema.parse(await api('users/getPublicKey', { signal }));
    const body: SigninBody = {
      username: request.username,
      password: await sealSecret(key.publicKey, key.nonce, request.password),
      captcha: request.captcha,
      captchaId: request.captchaId,
    };
    const reply = signinReplySchema.parse(await api('users/signin', { method: 'POST', body, signal }));
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
