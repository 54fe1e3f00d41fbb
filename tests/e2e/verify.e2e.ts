import { describe, expect, it } from 'vitest';
import { API_BASE } from '../../src/contract/api-base';
import { applicationPageSchema } from '../../src/contract/applications.contract';
import { pdfReplySchema } from '../../src/contract/forms.contract';
import { DESKTOP, PHONE } from '../support/e2e-server';
import { setUpE2eSuite } from '../support/e2e-suite';
import { codeOnCertificate, openVerifyPage } from '../support/journey/verify-steps';
import {
  hasHorizontalOverflow,
  screenshot,
  seriousViolations,
  settle,
  signInThroughDialog,
} from './e2e-helpers';

// The certificate's code, read from the PDF an official downloads, opens the public page /verify/:code, which says
// genuine and valid; a changed code says not genuine (docs/certificate.md).

const e2e = setUpE2eSuite();

/** Signs in as the locality officer, finds a certified application and reads the code printed on its PDF. */
async function certificateCode(): Promise<string> {
  let code = '';
  await e2e.withPage(DESKTOP, async (page) => {
    await signInThroughDialog(page, 'supermoderator');
    const token = await page.evaluate(() => sessionStorage.getItem('accessToken'));
    const headers = { authorization: `Bearer ${token}` };
    const list = await page.request.get(
      `${API_BASE}/process/GetApplicationDetails/user/PLVP/PS1701001LA01/supermoderator/0`,
      { headers },
    );
    expect(list.status()).toBe(200);
    for (const row of applicationPageSchema.parse(await list.json()).applDto) {
      const res = await page.request.get(`${API_BASE}/register/GenerateRC/${row.applid}`, { headers });
      if (res.status() !== 200) continue;
      code = codeOnCertificate(Buffer.from(pdfReplySchema.parse(await res.json()).base64img, 'base64'));
      break;
    }
  });
  expect(code, 'a certified application in the locality has a code on its certificate').not.toBe('');
  return code;
}

const flip = (code: string) => `${code.slice(0, -1)}${code.endsWith('A') ? 'B' : 'A'}`;

describe('certificate verification page', () => {
  let code = '';
  it('reads a real code from a certificate', async () => {
    code = await certificateCode();
  });

  describe.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)('at %s width', (label, viewport) => {
    it('shows a real code as genuine and valid, names only; a changed code as not genuine', () =>
      e2e.withPage(viewport, async (page) => {
        await openVerifyPage(page, code);
        expect(await page.getByRole('cell', { name: /^CC\// }).count()).toBe(1);
        await settle(page);
        expect(await seriousViolations(page)).toEqual([]);
        expect(await hasHorizontalOverflow(page)).toBe(false);
        await screenshot(page, `verify-genuine-${label}`);

        // Typing a changed code into the field checks it in place.
        const field = page.getByLabel('Verification code');
        await field.fill(flip(code));
        await page.getByRole('button', { name: 'Check' }).click();
        await page.getByText('Not a genuine certificate').waitFor();
        expect(page.url()).toContain(`/verify/${flip(code)}`);
        expect(await seriousViolations(page)).toEqual([]);
        expect(await hasHorizontalOverflow(page)).toBe(false);
        await screenshot(page, `verify-forged-${label}`);
      }));
  });
});
