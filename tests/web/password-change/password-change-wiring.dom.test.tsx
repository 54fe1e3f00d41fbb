import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor as waitForState } from 'xstate';
import type { CitizenKey } from '../../../machines/access/otp-access.machine';
import {
  changePasswordByOtp,
  forgetPasswordChangeKey,
  passwordChangeLogic,
} from '../../../src/web/features/password-change/password-change.wiring';
import { readCitizenKey, saveCitizenKey } from '../../../src/web/lib/citizen-key-store';

/*
 * The browser side of the password change calls, against a stand-in for the API answering like the real routes
 * (tests/server covers the routes themselves). The OTP and the password are really sealed and opened here.
 */

const OAEP = { name: 'RSA-OAEP', hash: 'SHA-256' } as const;
let keys: CryptoKeyPair;
let publicKey: string;

beforeAll(async () => {
  keys = await crypto.subtle.generateKey(
    { ...OAEP, modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) },
    true,
    ['encrypt', 'decrypt'],
  );
  publicKey = Buffer.from(await crypto.subtle.exportKey('spki', keys.publicKey)).toString('base64');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function open(sealed: string): Promise<unknown> {
  const plain = await crypto.subtle.decrypt(OAEP, keys.privateKey, Buffer.from(sealed, 'base64'));
  return JSON.parse(new TextDecoder().decode(plain));
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

interface Seen {
  route: string;
  apiKey: string | null;
  body: Record<string, unknown> | null;
}

/** Stubs fetch with the given routes (method and path under the API base) and records every request. */
function serve(routes: Record<string, () => Response>) {
  const seen: Seen[] = [];
  let nonce = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input);
      const route = `${init?.method ?? 'GET'} ${url.replace(/^.*\/mrssapi\/mrss\/v-1\//, '')}`;
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null;
      seen.push({ route, apiKey: new Headers(init?.headers).get('x-api-key'), body });
      if (route === 'GET users/getPublicKey') {
        nonce += 1;
        return json({
          publicKey,
          nonce: `nonce-${nonce}`,
          expiresAt: new Date(Date.now() + 300_000).toISOString(),
        });
      }
      const handler = routes[route];
      return handler
        ? handler()
        : json({ statusCode: 404, error: 'Not Found', message: `No route ${route}` }, 404);
    }),
  );
  return seen;
}

const userKey: CitizenKey = {
  apiKey: 'key-of-the-otp-step',
  expiresAt: '2030-01-01T00:00:00.000Z',
  subject: 'user',
  username: 'moderator2',
};
const request = { username: 'moderator2', password: 'Rain-Over-Shillong-7', key: userKey };
const changed = () => json({ message: 'Your Password has been changed successfully!' });

function keepUserKey() {
  saveCitizenKey({
    apiKey: userKey.apiKey,
    subject: 'user',
    subjectId: 'moderator2',
    expiresAt: userKey.expiresAt,
  });
}

describe('changePasswordByOtp', () => {
  it('sends the sealed password with the key of the OTP step, then forgets the key', async () => {
    keepUserKey();
    const seen = serve({ 'POST process/changepassword': changed });
    await expect(changePasswordByOtp(request)).resolves.toBe('Your Password has been changed successfully!');
    const call = seen.find((s) => s.route === 'POST process/changepassword');
    expect(call?.apiKey).toBe('key-of-the-otp-step');
    expect(call?.body).toMatchObject({ username: 'moderator2' });
    expect(call?.body?.password).not.toContain('Rain');
    expect(await open(String(call?.body?.password))).toEqual({
      nonce: 'nonce-1',
      secret: 'Rain-Over-Shillong-7',
    });
    expect(readCitizenKey()).toBeNull();
  });

  it("rejects a policy refusal with the server's status and message, and keeps the key for another try", async () => {
    keepUserKey();
    serve({
      'POST process/changepassword': () =>
        json({ statusCode: 400, error: 'Bad Request', message: 'This password is too common.' }, 400),
    });
    await expect(changePasswordByOtp(request)).rejects.toEqual({
      status: 400,
      message: 'This password is too common.',
    });
    expect(readCitizenKey()?.apiKey).toBe('key-of-the-otp-step');
  });

  it('forgets a key the server no longer accepts (401)', async () => {
    keepUserKey();
    serve({
      'POST process/changepassword': () =>
        json({ statusCode: 401, error: 'Unauthorized', message: 'Authentication Failed' }, 401),
    });
    await expect(changePasswordByOtp(request)).rejects.toMatchObject({ status: 401 });
    expect(readCitizenKey()).toBeNull();
  });
});

describe('forgetPasswordChangeKey', () => {
  it("drops a 'user' key and leaves a landlord's key alone", () => {
    keepUserKey();
    forgetPasswordChangeKey();
    expect(readCitizenKey()).toBeNull();
    saveCitizenKey({
      apiKey: 'landlord-key',
      subject: 'landlord',
      subjectId: '7',
      expiresAt: userKey.expiresAt,
    });
    forgetPasswordChangeKey();
    expect(readCitizenKey()?.apiKey).toBe('landlord-key');
  });
});

describe('passwordChangeLogic', () => {
  it('runs the three calls in order with the real wiring: user OTP, sealed code, sealed password', async () => {
    const seen = serve({
      'GET apikey/getOTP/user/moderator2': () =>
        json({
          message: 'OTP has been sent to your registered email!',
          channel: 'email',
          expiresAt: userKey.expiresAt,
          challenge: 'challenge-of-this-code',
        }),
      'POST apikey/validateOTP/moderator2': () =>
        json({ ...userKey, message: 'OTP has been successfully verified!' }),
      'POST process/changepassword': changed,
    });
    const actor = createActor(passwordChangeLogic).start();
    actor.send({ type: 'username.change', value: ' moderator2 ' });
    actor.send({ type: 'otp.request' });
    const otp = actor.getSnapshot().children.otp!;
    await waitForState(otp, (s) => s.matches('codeSent'));
    otp.send({ type: 'otp.change', value: '123456' });
    otp.send({ type: 'otp.verify' });
    await waitForState(actor, (s) => s.matches('enteringPassword'));
    expect(readCitizenKey()).toMatchObject({ apiKey: userKey.apiKey, subject: 'user' });
    actor.send({ type: 'password.change', field: 'password', value: request.password });
    actor.send({ type: 'password.change', field: 'confirmation', value: request.password });
    actor.send({ type: 'password.apply' });
    await waitForState(actor, (s) => s.matches('changed'));
    actor.stop();

    expect(seen.map((s) => s.route)).toEqual([
      'GET apikey/getOTP/user/moderator2',
      'GET users/getPublicKey',
      'POST apikey/validateOTP/moderator2',
      'GET users/getPublicKey',
      'POST process/changepassword',
    ]);
    expect(seen[2]?.body?.subject).toBe('user');
    // The getOTP reply's challenge goes back with the code (a guess counts only for the code it announced).
    expect(seen[2]?.body?.challenge).toBe('challenge-of-this-code');
    expect(await open(String(seen[2]?.body?.otp))).toEqual({ nonce: 'nonce-1', secret: '123456' });
    expect(await open(String(seen[4]?.body?.password))).toEqual({
      nonce: 'nonce-2',
      secret: request.password,
    });
    expect(seen[4]?.apiKey).toBe(userKey.apiKey);
    expect(readCitizenKey()).toBeNull();
  });
});
