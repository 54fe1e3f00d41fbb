import { count, eq } from 'drizzle-orm';
import { beforeEach, expect } from 'vitest';
import { RENTAL_UNIT_CONSENT_PATHS, unitSavedSchema } from '../../src/contract/rental-units.contract';
import { applicationConsentCodes } from '../../src/server/db/schema';
import { sealPassword } from '../support/staff-signin';
import { freshEpic, landlordBody, MOD_WARD, unitBody } from './landlords-fixtures';
import type { Account, useOfficeSuite } from './office-applications-fixtures';
import { api } from './tenants-test-helpers';

// What the suites of the landlord's consent to a unit an official added share (docs/reach.md): a landlord that
// registered itself (no office reaches it), new for each test, and the officials' calls on its units.

type OfficeSuite = ReturnType<typeof useOfficeSuite>;

const { confirm: CONFIRM, resend: RESEND } = RENTAL_UNIT_CONSENT_PATHS;

export function useStrangerLandlord(s: OfficeSuite) {
  const { t } = s;
  const stranger = { id: 0, mobile: '' };
  let mobiles = 0;
  let sealings = 0;

  beforeEach(async () => {
    stranger.mobile = `98${String(process.pid % 1000).padStart(3, '0')}${String(++mobiles).padStart(5, '0')}`;
    const res = await t.app.inject({
      method: 'POST',
      url: api('process/landlord'),
      payload: landlordBody(freshEpic('LUC'), { mobile: stranger.mobile }),
      remoteAddress: `10.77.${Math.floor(mobiles / 250)}.${mobiles % 250}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    stranger.id = res.json<{ landlord_id: number }>().landlord_id;
  });

  /** The stranger's unit, added by `account` in the moderator's ward. */
  const addUnit = async (account: Account = 'moderator') => {
    const res = await s.call('POST', 'register/rentalUnit', account, {
      ...unitBody(MOD_WARD),
      landlordId: stranger.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    return { reply: unitSavedSchema.parse(res.json()), body: res.body };
  };
  // Each code is sealed with a key fetched from its own address, so many guesses stay under getPublicKey's limit.
  const confirm = async (account: Account, rentalUnitId: string, code: string) => {
    sealings += 1;
    const sealed = await sealPassword(t.app, code, `10.78.${Math.floor(sealings / 250)}.${sealings % 250}`);
    return s.call('POST', CONFIRM, account, { rentalUnitId, code: sealed });
  };
  const resend = (account: Account, rentalUnitId: string) =>
    s.call('POST', RESEND, account, { rentalUnitId });
  /** PUT register/rentalUnit with `delete: true`, as the official's Rental Units list deletes a unit. */
  const deleteUnit = (account: Account, rentcode: string) =>
    s.call('PUT', 'register/rentalUnit', account, { rentcode, delete: true });
  const codeRows = async (rentcode: string) =>
    (
      await t.db
        .select({ n: count() })
        .from(applicationConsentCodes)
        .where(eq(applicationConsentCodes.rentcode, rentcode))
    )[0].n;

  return { stranger, addUnit, confirm, resend, deleteUnit, codeRows };
}

export const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');
