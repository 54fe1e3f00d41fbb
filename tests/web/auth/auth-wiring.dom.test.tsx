import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sealSecret } from '../../../src/web/lib/seal-secret';
import { readSession, saveSession } from '../../../src/web/lib/session-store';
import { fetchCaptcha, signInStaff } from '../../../src/web/features/auth/login.wiring';
import { installUnloadLogout, logout } from '../../../src/web/features/auth/logout';
import { NETWORK_ERROR_MESSAGE, SERVER_ISSUE_MESSAGE } from '../../../src/web/api/client';
import { prepareSeal, sealForServer } from '../../../src/web/api/sealed-secret';

/*
 * The browser side of the auth calls, against a stand-in for the API answering like the real routes
 * (the server suites test the routes themselves). The password is really sealed and really opened here.
 */

const OAEP = { name: 'RSA-OAEP', hash: 'SHA-256' } as const;
const officer = {
  accessToken: 'tok-1',
  userlevel: 5,
  roles: 'MODERATOR',
  username: 'ward.officer',
  usercode: '1701010101',
};
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
  vi.restoreAllMocks();
});

async function open(sealed: string): Promise<unknown> {
  const plain = await crypto.subtle.decrypt(OAEP, keys.privateKey, Buffer.from(sealed, 'base64'));
  return JSON.parse(new TextDecoder().decode(plain));
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Route = (init: RequestInit | undefined) => Response | Promise<Response>;

/** Stubs fetch with the given routes (by method and path under the API base) and records every request. */
function serve(routes: Record<string, Route>) {
  const requests: Array<{ route: string; init: RequestInit | undefined }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input instanceof Request ? input.url : input).replace(
        /^.*\/mrssapi\/mrss\/v-1\//,
        '',
      );
      const route = `${init?.method ?? 'GET'} ${path}`;
      requests.push({ route, init });
      const handler = routes[route];
      if (!handler) return json({ statusCode: 404, error: 'Not Found', message: `No route ${route}` }, 404);
      return handler(init);
    }),
  );
  return requests;
}

const request = { username: 'ward.officer', password: 'S3cret pass', captcha: 'x7k2Q', captchaId: 'cap-1' };

describe('sealSecret', () => {
  it('seals JSON {nonce, secret} that only the private key opens', async () => {
    const sealed = await sealSecret(publicKey, 'nonce-1', 'S3cret pass');
    expect(sealed).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
    expect(Buffer.from(sealed, 'base64')).toHaveLength(256);
    expect(await open(sealed)).toEqual({ nonce: 'nonce-1', secret: 'S3cret pass' });
    expect(await sealSecret(publicKey, 'nonce-1', 'S3cret pass')).not.toBe(sealed);
  });
});

describe('sealForServer with a key fetched ahead (prepareSeal)', () => {
  function serveNonces(lifeMs: number) {
    let n = 0;
    return serve({
      'GET users/getPublicKey': () =>
        json({ publicKey, nonce: `n${++n}`, expiresAt: new Date(Date.now() + lifeMs).toISOString() }),
    });
  }

  it('uses the key fetched ahead once, then fetches a fresh nonce for the next seal', async () => {
    const requests = serveNonces(300_000);
    prepareSeal();
    expect(await open(await sealForServer('123456'))).toEqual({ nonce: 'n1', secret: '123456' });
    expect(requests).toHaveLength(1);
    expect(await open(await sealForServer('654321'))).toEqual({ nonce: 'n2', secret: '654321' });
    expect(requests).toHaveLength(2);
  });

  it('does not use a key fetched ahead whose nonce is about to expire', async () => {
    const requests = serveNonces(10_000);
    prepareSeal();
    expect(await open(await sealForServer('123456'))).toEqual({ nonce: 'n2', secret: '123456' });
    expect(requests).toHaveLength(2);
  });
});

describe('signInStaff', () => {
  it('sends the sealed password with the nonce, and keeps the session', async () => {
    let body: Record<string, unknown> = {};
    serve({
      'GET users/getPublicKey': () =>
        json({ publicKey, nonce: 'nonce-7', expiresAt: new Date().toISOString() }),
      'POST users/signin': (init) => {
        body = JSON.parse(init?.body as string) as Record<string, unknown>;
        return json(officer);
      },
    });
    await expect(signInStaff(request)).resolves.toEqual(officer);
    expect(body).toMatchObject({ username: 'ward.officer', captcha: 'x7k2Q', captchaId: 'cap-1' });
    expect(await open(String(body.password))).toEqual({ nonce: 'nonce-7', secret: 'S3cret pass' });
    expect(readSession()).toMatchObject({
      accessToken: 'tok-1',
      role: 'MODERATOR',
      username: 'ward.officer',
    });
  });

  it("rejects with the server's message and keeps no session", async () => {
    serve({
      'GET users/getPublicKey': () => json({ publicKey, nonce: 'n', expiresAt: new Date().toISOString() }),
      'POST users/signin': () =>
        json({ statusCode: 401, error: 'Unauthorized', message: 'Invalid captcha' }, 401),
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(signInStaff(request)).rejects.toThrow('Invalid captcha');
    expect(readSession()).toBeNull();
  });

  it('falls back to the server-issue message for a reply it cannot read', async () => {
    serve({
      'GET users/getPublicKey': () => json({ publicKey, nonce: 'n', expiresAt: new Date().toISOString() }),
      'POST users/signin': () => json({ unexpected: true }),
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(signInStaff(request)).rejects.toThrow(SERVER_ISSUE_MESSAGE);
  });

  it('says the backend cannot be reached when the network fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(signInStaff(request)).rejects.toThrow(NETWORK_ERROR_MESSAGE);
  });

  it('keeps no session when the dialog was closed while the answer travelled', async () => {
    const controller = new AbortController();
    serve({
      'GET users/getPublicKey': () => json({ publicKey, nonce: 'n', expiresAt: new Date().toISOString() }),
      'POST users/signin': () => {
        controller.abort();
        return json(officer);
      },
    });
    await expect(signInStaff(request, controller.signal)).rejects.toThrow();
    expect(readSession()).toBeNull();
  });
});

describe('fetchCaptcha', () => {
  it('returns the challenge the dialog shows', async () => {
    serve({
      'GET users/getcaptcha': () =>
        json({
          captchaId: 'cap-9',
          image: 'PHN2Zy8+',
          contentType: 'image/svg+xml',
          expiresAt: new Date().toISOString(),
        }),
    });
    await expect(fetchCaptcha()).resolves.toEqual({
      captchaId: 'cap-9',
      image: 'PHN2Zy8+',
      contentType: 'image/svg+xml',
    });
  });
});

describe('logout', () => {
  it('revokes the session with its token, then forgets it', async () => {
    saveSession({ ...officer, roles: 'MODERATOR' });
    const requests = serve({ 'GET users/logout': () => json({ message: 'You have been logged out.' }) });
    await logout();
    expect(requests.map((r) => r.route)).toEqual(['GET users/logout']);
    expect(new Headers(requests[0].init?.headers).get('Authorization')).toBe('Bearer tok-1');
    expect(readSession()).toBeNull();
  });

  it('forgets the session even when the server refuses or cannot be reached', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    saveSession({ ...officer, roles: 'MODERATOR' });
    serve({
      'GET users/logout': () => json({ statusCode: 401, error: 'Unauthorized', message: 'Expired' }, 401),
    });
    await logout();
    expect(readSession()).toBeNull();

    saveSession({ ...officer, roles: 'MODERATOR' });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await logout();
    expect(readSession()).toBeNull();
  });

  it('on page hide, beacons the logout with the token and clears session storage', async () => {
    const sendBeacon = vi.fn((_url: string, _body: Blob) => true);
    vi.stubGlobal('navigator', { ...navigator, sendBeacon });
    saveSession({ ...officer, roles: 'MODERATOR' });
    sessionStorage.setItem('tenantId', 'T-1');
    const uninstall = installUnloadLogout();
    window.dispatchEvent(new Event('pagehide'));
    expect(sendBeacon).toHaveBeenCalledOnce();
    const [url, body] = sendBeacon.mock.calls[0];
    expect(url).toBe('/mrssapi/mrss/v-1/users/logout');
    expect(await body.text()).toBe('tok-1');
    expect(sessionStorage.length).toBe(0);

    uninstall();
    saveSession({ ...officer, roles: 'MODERATOR' });
    window.dispatchEvent(new Event('pagehide'));
    expect(sendBeacon).toHaveBeenCalledOnce();
    expect(readSession()).not.toBeNull();
  });
});
