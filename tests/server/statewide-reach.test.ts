import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ApplicationDetail } from '../../src/contract/applications.contract';
import { logRecords } from '../../src/server/db/schema';
import { citizenKeyFor, withKey } from '../support/citizen-key';
import { bearer, signInStaff } from '../support/staff-signin';
import { confirmOfficeConsent } from '../support/tenant-consent';
import { testDatabases } from '../support/test-db';
import { SAVE_OFFICE, useOfficeSuite } from './office-applications-fixtures';
import { api, registerTenant } from './tenants-test-helpers';
import { b64, tinyPdf } from './uploads-sample-files';

// The re-attack of issue 20 (its M1; docs/reach.md): ADMIN and SUPERVISOR read the identity proof of a tenant that
// registered itself and was in no application, and the whole record of a tenant whose consent to an office
// application was still awaited, which every other office sees withheld. Statewide officials now reach a person by
// the same facts as any official, over the whole state: a counter registration, a unit or an application that
// grants reach.

const STATEWIDE = ['admin', 'supervisor'] as const;

describe.each(testDatabases())('what the statewide officials reach on %s', (kind) => {
  const s = useOfficeSuite(kind);
  const { t } = s;

  /** A tenant that registered itself and uploaded its identity proof with its own key; no application. */
  const selfRegisteredTenant = async () => {
    const tenantId = await registerTenant(t);
    const key = withKey(await citizenKeyFor(t, { kind: 'tenant', tenantId }));
    const uploaded = await t.app.inject({
      method: 'POST',
      url: api('process/uploaddocument/'),
      headers: key,
      payload: {
        ownerid: tenantId,
        ownertype: 'tenant',
        doctype: 'IDENTITYPROOF',
        base64img: b64(tinyPdf()),
        contenttype: 'application/pdf',
        idtype: 'PAN',
      },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    return { tenantId, docid: uploaded.json<{ docid: number }>().docid };
  };
  const refusals = (username: string, docid: number) =>
    t.db
      .select()
      .from(logRecords)
      .where(and(eq(logRecords.username, username), like(logRecords.remark, `%register/document/${docid}%`)));

  it('refuses a self-registered tenant’s documents and withholds it while its consent is awaited, then shows it', async () => {
    const { tenantId, docid } = await selfRegisteredTenant();
    for (const account of STATEWIDE) {
      const res = await s.call('GET', `register/document/${docid}`, account);
      expect(res.statusCode, `${account}: ${res.body}`).toBe(404);
      expect(res.body).not.toContain(b64(tinyPdf()));
      expect(await refusals(account, docid)).toHaveLength(1);
    }

    // The ward's office application: the tenant is asked first (tenant-consent.md).
    const rentcode = await s.newUnit();
    const created = await s.call('POST', SAVE_OFFICE, 'moderator', { rentcode, tenantid: tenantId });
    expect(created.statusCode, created.body).toBe(200);
    const { applid, tenantConsent } = created.json<{ applid: number; tenantConsent: string }>();
    expect(tenantConsent).toBe('pending');
    for (const account of STATEWIDE) {
      const res = await s.call('GET', `process/GetApplicationDetail/${applid}`, account);
      expect(res.statusCode, `${account}: ${res.body}`).toBe(200);
      expect(res.json<ApplicationDetail>().tenant).toMatchObject({
        id: tenantId,
        mobile: '',
        email: null,
        documents: [],
        recordWithheld: true,
      });
      expect((await s.call('GET', `register/document/${docid}`, account)).statusCode).toBe(404);
    }

    // The tenant's code makes the application grant reach: from then on the whole state's officials see it.
    const moderator = bearer((await signInStaff(t.app, 'moderator')).accessToken);
    await confirmOfficeConsent(t, moderator, applid);
    for (const account of STATEWIDE) {
      const detail = (
        await s.call('GET', `process/GetApplicationDetail/${applid}`, account)
      ).json<ApplicationDetail>();
      expect(detail.tenant.recordWithheld).toBeUndefined();
      expect(detail.tenant.mobile).not.toBe('');
      expect((await s.call('GET', `register/document/${docid}`, account)).statusCode).toBe(200);
    }
  });
});
