import { and, eq, gt, max } from 'drizzle-orm';
import type { Response as InjectResponse } from 'light-my-request';
import { beforeAll, describe, expect, it } from 'vitest';
import { logRecords } from '../../src/server/db/schema';
import { useTestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';
import { RENTAL_UNIT_MESSAGES } from '../../src/contract/rental-units.contract';
import { freshEpic, helperBody, landlordBody, MOD2_WARD, MOD_WARD, unitBody } from './landlords-fixtures';
import { api, freshIdNumber, staffTokens, tenantBody, tenantHelperBody } from './tenants-test-helpers';
import { b64, TINY_JPEG } from './uploads-sample-files';

// Issue 20: an official must not tell an id that exists outside its reach from one that does not exist, or it
// could walk the numeric ids (docs/reach.md "Ids outside reach"). Every staff route that takes a landlord, unit,
// tenant, member, helper, application or document id is called by moderator2 (ward PS1701001LA02W01) with (a)
// the id of a row moderator (ward PS1701001LA01W01) made, outside moderator2's reach, and (b) an id that does not
// exist; the two answers must be the same (status, body, headers), and the first must still be in the audit log
// as a refusal with its true reason.

const MISSING = 999_999_999;
const MISSING_RENTCODE = 'RU999999999';
const CALLER = 'moderator2';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Probe {
  name: string;
  method: Method;
  /** The path (and body) naming the row outside reach, then the one naming no row. */
  outside: Call;
  missing: Call;
  ids: { outside: string; missing: string };
}

/**
 * What a caller sees of a reply, without what differs on every reply anyway (date, connection), and with the id
 * the caller sent written as '{id}': a message may repeat the caller's own id ('Application 12 was not found.'),
 * so the length follows the body.
 */
function seen(res: InjectResponse, id: string) {
  const { date: _date, connection: _connection, 'content-length': _length, ...headers } = res.headers;
  // Whole ids only: a short id also occurs inside the EPIC number or a date the reply names.
  const wholeId = new RegExp(`(?<![0-9A-Za-z])${id}(?![0-9A-Za-z])`, 'g');
  return { status: res.statusCode, body: res.body.replace(wholeId, '{id}'), headers };
}

interface Call {
  path: string;
  body?: object;
}

/** One route called with the id outside reach and with a missing id: `at(id)` builds the call for one id. */
function probe(
  name: string,
  method: Method,
  at: (id: number | string) => Call,
  outside: number | string,
  missing: number | string = MISSING,
): Probe {
  return {
    name,
    method,
    outside: at(outside),
    missing: at(missing),
    ids: { outside: String(outside), missing: String(missing) },
  };
}
const path = (at: (id: number | string) => string) => (id: number | string) => ({ path: at(id) });

describe.each(testDatabases())('ids outside an official’s reach answer like missing ones on %s', (kind) => {
  const t = useTestApp(kind);
  const token = staffTokens(t);
  let ip = 0;
  const call = async (account: string, method: Method, path: string, payload?: object) =>
    t.app.inject({
      method,
      url: api(path),
      headers: await token(account),
      payload,
      // Each call from its own address, so no per-address budget decides an answer.
      remoteAddress: `10.41.${Math.floor(++ip / 250)}.${ip % 250}`,
    });
  const ok = async <T>(account: string, method: Method, path: string, payload?: object): Promise<T> => {
    const res = await call(account, method, path, payload);
    expect(res.statusCode, `${account} ${method} ${path}: ${res.body}`).toBe(200);
    return res.json<T>();
  };

  /** Rows moderator made in its ward: none of them is in moderator2's reach. */
  const rows = {
    landlord: 0,
    landlordEpic: '',
    landlordHelper: 0,
    rentcode: '',
    tenant: 0,
    tenantEpic: '',
    member: 0,
    helper: 0,
    docid: 0,
    applid: 0,
    ownTenant: 0,
  };

  beforeAll(async () => {
    rows.landlordEpic = `OUT${String(process.pid % 10000).padStart(4, '0')}${String(Date.now() % 1000).padStart(3, '0')}`;
    rows.landlord = (
      await ok<{ landlord_id: number }>(
        'moderator',
        'POST',
        'register/landlord',
        landlordBody(rows.landlordEpic),
      )
    ).landlord_id;
    rows.landlordHelper = (
      await ok<{ memberCode: number }>('moderator', 'POST', 'register/landlordHelper', {
        ...helperBody(),
        landlordId: rows.landlord,
      })
    ).memberCode;
    rows.rentcode = (
      await ok<{ rentcode: string }>('moderator', 'POST', 'register/rentalUnit', {
        ...unitBody(MOD_WARD),
        landlordId: rows.landlord,
      })
    ).rentcode;
    rows.tenantEpic = freshIdNumber();
    rows.tenant = (
      await ok<{ id: number }>('moderator', 'POST', 'register/tenant', tenantBody(rows.tenantEpic))
    ).id;
    rows.member = (
      await ok<{ memberCode: number }>('moderator', 'POST', `register/tenant/${rows.tenant}/familymembers`, {
        memberName: 'Wanda Kharkongor',
        age: '2015-02-11',
        occupation: 'Student',
        relationship: 'Daughter',
      })
    ).memberCode;
    rows.helper = (
      await ok<{ memberCode: number }>(
        'moderator',
        'POST',
        `register/tenant/${rows.tenant}/helpers`,
        tenantHelperBody,
      )
    ).memberCode;
    rows.docid = (
      await ok<{ docid: number }>('moderator', 'POST', 'register/uploaddocument/', {
        ownerid: rows.tenant,
        ownertype: 'tenant',
        doctype: 'PHOTO',
        base64img: b64(TINY_JPEG),
        contenttype: 'image/jpeg',
      })
    ).docid;
    rows.applid = (
      await ok<{ applid: number }>('moderator', 'POST', 'process/SaveApplication_Police', {
        rentcode: rows.rentcode,
        tenantid: rows.tenant,
      })
    ).applid;
    rows.ownTenant = (await ok<{ id: number }>(CALLER, 'POST', 'register/tenant', tenantBody())).id;
    expect(MOD2_WARD.startsWith(MOD_WARD)).toBe(false);
  });

  const upload = (ownertype: string) => (ownerid: number | string) => ({
    path: 'register/uploaddocument/',
    body: { ownerid, ownertype, doctype: 'PHOTO', base64img: b64(TINY_JPEG), contenttype: 'image/jpeg' },
  });

  /** Every staff route taking such an id (the reads first, the writes after, the tenant's deletion last). */
  const probes = (): Probe[] => [
    // Landlords and their helpers.
    probe(
      'landlord',
      'GET',
      path((id) => `register/landlord/${id}`),
      rows.landlord,
    ),
    probe(
      'landlord by registration',
      'GET',
      path((id) => `register/landlordByReg/${id}`),
      rows.landlord,
    ),
    probe(
      'landlord helpers',
      'GET',
      path((id) => `register/landlordHelpers/${id}`),
      rows.landlord,
    ),
    probe(
      'landlord form',
      'GET',
      path((id) => `register/landlordRegistrationForm/${id}`),
      rows.landlord,
    ),
    probe(
      'landlord units',
      'GET',
      path((id) => `register/rentalUnit/landlord/${id}`),
      rows.landlord,
    ),
    probe(
      'landlord applications',
      'GET',
      path((id) => `process/user/IncompleteApplicationByLandlord/${CALLER}/${id}/0`),
      rows.landlord,
    ),
    probe(
      'landlord update',
      'PUT',
      (id) => ({ path: 'register/updateLandlord', body: { ...landlordBody(rows.landlordEpic), id } }),
      rows.landlord,
    ),
    probe(
      'landlord helper add',
      'POST',
      (id) => ({ path: 'register/landlordHelper', body: { ...helperBody(), landlordId: id } }),
      rows.landlord,
    ),
    probe(
      'landlord helper remove',
      'PUT',
      path((code) => `register/landlordHelper/remove/${code}`),
      rows.landlordHelper,
    ),
    probe('landlord helper upload', 'POST', upload('landlordhelper'), rows.landlordHelper),
    // Rental units.
    probe(
      'unit delete',
      'PUT',
      (rentcode) => ({ path: 'register/rentalUnit', body: { rentcode, delete: true } }),
      rows.rentcode,
      MISSING_RENTCODE,
    ),
    probe(
      'unit vacancy',
      'GET',
      path((rentcode) => `register/rentalUnit/changestatus/${rows.landlord}/${rentcode}`),
      rows.rentcode,
      MISSING_RENTCODE,
    ),
    ...['process/user/SaveApplication', 'process/SaveApplication_Police'].map((save) =>
      probe(
        `application on a unit (${save})`,
        'POST',
        (rentcode) => ({ path: save, body: { rentcode, tenantid: rows.ownTenant } }),
        rows.rentcode,
        MISSING_RENTCODE,
      ),
    ),
    // Tenants, their members, helpers and documents.
    probe(
      'tenant',
      'GET',
      path((id) => `register/tenant/${id}`),
      rows.tenant,
    ),
    probe(
      'tenant by ID number',
      'GET',
      path((no) => `register/tenantByIdNumber/${no}`),
      rows.tenantEpic,
      freshIdNumber(),
    ),
    probe(
      'tenant form',
      'GET',
      path((id) => `register/tenantRegistrationForm/${id}`),
      rows.tenant,
    ),
    probe(
      'tenant documents',
      'GET',
      path((id) => `register/tenant/${id}/documents`),
      rows.tenant,
    ),
    probe(
      'document',
      'GET',
      path((id) => `register/document/${id}`),
      rows.docid,
    ),
    probe(
      'tenant update',
      'PUT',
      (id) => ({ path: `register/tenant/${id}`, body: tenantBody(rows.tenantEpic) }),
      rows.tenant,
    ),
    ...(['familymembers', 'helpers'] as const).flatMap((segment) => [
      probe(
        `tenant ${segment}`,
        'GET',
        path((id) => `register/tenant/${id}/${segment}`),
        rows.tenant,
      ),
      probe(
        `tenant ${segment} add`,
        'POST',
        (id) => ({
          path: `register/tenant/${id}/${segment}`,
          body:
            segment === 'helpers'
              ? tenantHelperBody
              : { memberName: 'X', occupation: 'Y', relationship: 'Son' },
        }),
        rows.tenant,
      ),
      probe(
        `tenant ${segment} remove`,
        'DELETE',
        path((id) => `register/tenant/${id}/${segment}/1`),
        rows.tenant,
      ),
      probe(
        `another tenant's ${segment} remove`,
        'DELETE',
        path((code) => `register/tenant/${rows.ownTenant}/${segment}/${code}`),
        segment === 'helpers' ? rows.helper : rows.member,
      ),
    ]),
    probe('tenant upload', 'POST', upload('tenant'), rows.tenant),
    probe('family member upload', 'POST', upload('tenantfamily'), rows.member),
    probe('tenant helper upload', 'POST', upload('tenanthelper'), rows.helper),
    // Applications.
    probe(
      'application detail',
      'GET',
      path((id) => `process/GetApplicationDetail/${id}`),
      rows.applid,
    ),
    probe(
      'application flow',
      'GET',
      path((id) => `process/applicationFlow/${id}`),
      rows.applid,
    ),
    probe(
      'application form',
      'GET',
      path((id) => `process/user/GetCompletedApplicationForm/${id}`),
      rows.applid,
    ),
    probe(
      'certificate',
      'GET',
      path((id) => `register/GenerateRC/${id}`),
      rows.applid,
    ),
    probe(
      'application status',
      'GET',
      path((id) => `process/GetApplicationStatus/${id}/${rows.landlordEpic}`),
      rows.applid,
    ),
    probe(
      'workflow step',
      'POST',
      (applid) => ({
        path: 'process/updateApplication',
        body: { applid, event: 'application.recommendApproval' },
      }),
      rows.applid,
    ),
    probe(
      'application delete',
      'PUT',
      path((id) => `process/updateApplication/${id}`),
      rows.applid,
    ),
    probe(
      'application apply',
      'POST',
      (applid) => ({
        path: 'process/user/application/DomesticHelperAndFamily',
        body: { applid, membercode: [], helperCode: [] },
      }),
      rows.applid,
    ),
    probe(
      'tenant consent resend',
      'POST',
      (applid) => ({ path: 'process/user/application/tenantConsent/resend', body: { applid } }),
      rows.applid,
    ),
    probe(
      'tenant delete',
      'DELETE',
      path((id) => `register/tenant/${id}`),
      rows.tenant,
    ),
  ];

  const lastLogId = async () => (await t.db.select({ id: max(logRecords.id) }).from(logRecords))[0].id ?? 0;
  const refusalsSince = (since: number) =>
    t.db
      .select({ remark: logRecords.remark, url: logRecords.url })
      .from(logRecords)
      .where(and(gt(logRecords.id, since), eq(logRecords.username, CALLER), eq(logRecords.kind, 'refusal')));

  it('answers every id outside reach exactly as a missing id, and audits the refusal with its reason', async () => {
    const differing: string[] = [];
    for (const p of probes()) {
      const before = await lastLogId();
      const outside = await call(CALLER, p.method, p.outside.path, p.outside.body);
      const audited = await refusalsSince(before);
      const missing = await call(CALLER, p.method, p.missing.path, p.missing.body);
      if (JSON.stringify(seen(outside, p.ids.outside)) !== JSON.stringify(seen(missing, p.ids.missing)))
        differing.push(
          `${p.name}: ${outside.statusCode} ${outside.body} / ${missing.statusCode} ${missing.body}`,
        );
      // The two lists of a landlord's rows answer the rows in the caller's jurisdiction: none, not a refusal.
      if (outside.statusCode >= 400) {
        expect(
          audited.some((line) => /outside|does not belong/i.test(line.remark)),
          `${p.name}: ${JSON.stringify(audited)}`,
        ).toBe(true);
      }
    }
    expect(differing).toEqual([]);
  });

  // Write paths that name a person by id differ by design (docs/reach.md "Ids outside reach", pen-test F1): pinned
  // here, so that a reply that starts carrying the person's data, or a refusal of the legitimate path, fails.
  it('adds a unit for a landlord outside reach, reaching that unit alone; a missing landlord is 404', async () => {
    const unit = (landlordId: number) => ({ ...unitBody(MOD2_WARD), landlordId });
    const outside = await call(CALLER, 'POST', 'register/rentalUnit', unit(rows.landlord));
    expect(outside.statusCode, outside.body).toBe(200);
    // The reply says the landlord's code is awaited and where it went, masked (as the tenant's code does).
    expect(Object.keys(outside.json()).sort()).toEqual([
      'consentCodeSentTo',
      'landlordConsent',
      'landlordReached',
      'message',
      'rentcode',
    ]);
    expect(outside.json()).toMatchObject({ landlordReached: false, landlordConsent: 'pending' });
    const missing = await call(CALLER, 'POST', 'register/rentalUnit', unit(MISSING));
    expect([missing.statusCode, missing.json().message]).toEqual([404, 'Landlord ID does not exist.']);

    // That unit carries no application until its landlord consents (docs/reach.md, attack F5).
    const rentcode = outside.json<{ rentcode: string }>().rentcode;
    const refused = await call(CALLER, 'POST', 'process/SaveApplication_Police', {
      rentcode,
      tenantid: rows.tenant,
    });
    expect([refused.statusCode, refused.json().message]).toEqual([
      409,
      RENTAL_UNIT_MESSAGES.landlordConsentMissing,
    ]);

    // On a unit of a landlord the caller registered, an application for a tenant outside reach waits for the
    // tenant's consent and names none of its people; a missing tenant is 404, as the clearance lookup already
    // tells.
    const own = await ok<{ landlord_id: number }>(
      CALLER,
      'POST',
      'register/landlord',
      landlordBody(freshEpic('IDS')),
    );
    const ownUnit = () =>
      ok<{ rentcode: string }>(CALLER, 'POST', 'register/rentalUnit', unit(own.landlord_id));
    const created = await call(CALLER, 'POST', 'process/SaveApplication_Police', {
      rentcode: (await ownUnit()).rentcode,
      tenantid: rows.tenant,
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({
      tenantReached: false,
      tenantConsent: 'pending',
      familyMembers: [],
    });
    expect(created.body).not.toContain('Wanda');
    const second = (await ownUnit()).rentcode;
    const none = await call(CALLER, 'POST', 'process/SaveApplication_Police', {
      rentcode: second,
      tenantid: MISSING,
    });
    expect([none.statusCode, none.json().message]).toEqual([404, 'Tenant does not exist!']);
  });

  it('keeps answering moderator the rows it reaches', async () => {
    await ok('moderator', 'GET', `register/landlord/${rows.landlord}`);
    await ok('moderator', 'GET', `register/tenant/${rows.tenant}`);
    await ok('moderator', 'GET', `process/GetApplicationDetail/${rows.applid}`);
    await ok('moderator', 'GET', `register/document/${rows.docid}`);
  });
});
