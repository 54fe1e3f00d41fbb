import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, toPromise, type AnyActorLogic } from 'xstate';
import type { CitizenKey } from '../../../machines/access/otp-access.machine';
import { trackerLogic } from '../../../src/web/features/tracker/tracker.wiring';
import { clearCitizenKey, saveCitizenKey } from '../../../src/web/lib/citizen-key-store';

/*
 * The tracker's real Download Certificate actor against a stand-in for fetch: it asks process/GenerateRC/{id} with
 * the landlord's key and saves the PDF through a download link named as the server says (the server suite tests the
 * call itself, tests/server/certificate.test.ts).
 */

const key: CitizenKey = {
  apiKey: 'key-7',
  expiresAt: '2099-01-01T00:00:00.000Z',
  subject: 'landlord',
  landlordId: 7,
};
const PDF_BASE64 = Buffer.from('%PDF-1.7 certificate').toString('base64');

afterEach(() => {
  clearCitizenKey();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const reply = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function downloadCertificate(applid: number): Promise<unknown> {
  const logic = trackerLogic.implementations.actors.downloadCertificate as AnyActorLogic;
  return toPromise(createActor(logic, { input: { key, applid } }).start());
}

describe('the tracker’s downloadCertificate', () => {
  it('asks GenerateRC with the landlord’s key and saves the PDF under the server’s file name', async () => {
    saveCitizenKey({ apiKey: key.apiKey, subject: 'landlord', subjectId: '7', expiresAt: key.expiresAt });
    const requests: Array<{ url: string; headers: Headers }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input instanceof Request ? input.url : input);
        requests.push({ url, headers: new Headers(init?.headers) });
        return reply({
          base64img: PDF_BASE64,
          contenttype: 'application/pdf',
          filename: 'clearance-certificate-5.pdf',
        });
      }),
    );
    const saved: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push(blob as Blob);
      return 'blob:certificate';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });

    await downloadCertificate(5);

    expect(requests.map((r) => new URL(r.url, 'http://x').pathname)).toEqual([
      '/mrssapi/mrss/v-1/process/GenerateRC/5',
    ]);
    expect(requests[0].headers.get('X-Api-Key')).toBe('key-7');
    expect(clicked.map((link) => link.download)).toEqual(['clearance-certificate-5.pdf']);
    expect(saved[0].type).toBe('application/pdf');
    expect(new TextDecoder().decode(await saved[0].arrayBuffer())).toBe('%PDF-1.7 certificate');
  });

  it('rejects with the server’s status and message when the certificate is not issued', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        reply(
          {
            statusCode: 409,
            error: 'Conflict',
            message: 'No clearance certificate has been issued for this application yet.',
          },
          409,
        ),
      ),
    );
    await expect(downloadCertificate(6)).rejects.toMatchObject({
      status: 409,
      message: 'No clearance certificate has been issued for this application yet.',
    });
  });
});
