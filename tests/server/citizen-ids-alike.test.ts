import { and, eq, like } from 'drizzle-orm';
import type { Response as InjectResponse } from 'light-my-request';
import { describe, expect, it } from 'vitest';
import { logRecords } from '../../src/server/db/schema';
import { citizenKeyFor, withKey } from '../support/citizen-key';
import { useTestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';
import { api, registerTenant, tenantHelperBody } from './tenants-test-helpers';
import { b64, TINY_JPEG } from './uploads-sample-files';

// Issue 20, section 3: a key holder must not tell another person's record from one that does not exist. A
// document id of another tenant answered 403 and a missing one 404; so did member and helper codes given to an
// upload, and a member code given to a removal answered 403 (another's) or 404 (none). Each pair must now be
// the same answer (the audited 403 of another's record, as for tenant, landlord, unit and application ids):
// status, message, headers.

const MISSING = 999_999_999;

/** What a caller sees of a reply, without what differs on every reply anyway (date, connection). */
function seen(res: InjectResponse) {
  const { date: _date, connection: _connection, ...headers } = res.headers;
  return { status: res.statusCode, body: res.body, headers };
}

describe.each(testDatabases())(
  "a key holder cannot tell another's record from a missing one on %s",
  (kind) => {
    const t = useTestApp(kind);
    const tenantWithKey = async () => {
      const id = await registerTenant(t);
      return { id, key: withKey(await citizenKeyFor(t, { kind: 'tenant', tenantId: id })) };
    };
    const addMember = async (b: { id: number; key: Record<string, string> }) =>
      (
        await t.app.inject({
          method: 'POST',
          url: api(`process/tenant/${b.id}/familymembers`),
          headers: b.key,
          payload: { memberName: 'X', occupation: 'Y', relationship: 'Son' },
        })
      ).json<{ memberCode: number }>().memberCode;
    const addHelper = async (b: { id: number; key: Record<string, string> }) =>
      (
        await t.app.inject({
          method: 'POST',
          url: api(`process/tenant/${b.id}/helpers`),
          headers: b.key,
          payload: tenantHelperBody,
        })
      ).json<{ memberCode: number }>().memberCode;
    const auditLinesOf = (tenantId: number, path: string) =>
      t.db
        .select()
        .from(logRecords)
        .where(and(eq(logRecords.username, `tenant:${tenantId}`), like(logRecords.remark, `%${path}%`)));

    it("answers another tenant's document exactly like a missing one, and audits the refusal", async () => {
      const a = await tenantWithKey();
      const b = await tenantWithKey();
      const upload = await t.app.inject({
        method: 'POST',
        url: api('process/uploaddocument/'),
        headers: b.key,
        payload: {
          ownerid: b.id,
          ownertype: 'tenant',
          doctype: 'PHOTO',
          base64img: b64(TINY_JPEG),
          contenttype: 'image/jpeg',
        },
      });
      const docB = upload.json<{ docid: number }>().docid;
      const others = await t.app.inject({ url: api(`process/document/${docB}`), headers: a.key });
      const missing = await t.app.inject({ url: api(`process/document/${MISSING}`), headers: a.key });
      expect(seen(others).status).not.toBe(200);
      expect(seen(others)).toEqual(seen(missing));
      expect(await auditLinesOf(a.id, `process/document/${docB}`)).toHaveLength(1);
    });

    it("answers an upload for another tenant's member exactly like one for a member code that does not exist", async () => {
      const a = await tenantWithKey();
      const b = await tenantWithKey();
      const codesOfB = { tenantfamily: await addMember(b), tenanthelper: await addHelper(b) };
      const uploadFor = (ownerid: number, ownertype: string) =>
        t.app.inject({
          method: 'POST',
          url: api('process/uploaddocument/'),
          headers: a.key,
          payload: {
            ownerid,
            ownertype,
            doctype: 'PHOTO',
            base64img: b64(TINY_JPEG),
            contenttype: 'image/jpeg',
          },
        });
      for (const ownertype of ['tenantfamily', 'tenanthelper'] as const) {
        const others = await uploadFor(codesOfB[ownertype], ownertype);
        const missing = await uploadFor(MISSING, ownertype);
        expect(seen(others).status, ownertype).toBe(403);
        expect(seen(missing), ownertype).toEqual(seen(others));
      }
    });

    it("answers the removal of another tenant's member exactly like a member code that does not exist", async () => {
      const a = await tenantWithKey();
      const b = await tenantWithKey();
      const memberB = await addMember(b);
      const remove = (code: number) =>
        t.app.inject({
          method: 'DELETE',
          url: api(`process/tenant/${a.id}/familymembers/${code}`),
          headers: a.key,
        });
      const others = await remove(memberB);
      const missing = await remove(MISSING);
      expect(seen(others).status).toBe(403);
      expect(seen(others)).toEqual(seen(missing));
      expect(await auditLinesOf(a.id, `familymembers/${memberB}`)).toHaveLength(1);
      // B's member is still there.
      const list = await t.app.inject({ url: api(`process/tenant/${b.id}/familymembers`), headers: b.key });
      expect(JSON.stringify(list.json())).toContain(String(memberB));
    });
  },
);
