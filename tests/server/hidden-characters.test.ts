import { describe, expect, it } from 'vitest';
import { API_BASE } from '../../src/contract/api';
import { landlords, policeStations, tenants } from '../../src/server/db/schema';
import { bearer, signInStaff } from '../support/staff-signin';
import { useTestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';
import { countOf, freshEpic, landlordBody } from './landlords-fixtures';
import { freshIdNumber, tenantBody } from './tenants-test-helpers';

// Issue 20, section 3: names and addresses kept bidi overrides and zero-width characters, so a name could
// display as another (Unicode TR36/TR39). Every name and address field refuses them with one clear message;
// names that need ZWNJ/ZWJ between Indic letters (Devanagari conjuncts) still pass.

const message = (field: string, found: string, what = 'name') =>
  `${field}: Remove the invisible or text-direction characters (such as ${found}) from the ${what}.`;

/** One spoof of each kind the rule covers: the character, and where it sits in 'Iba'. */
const SPOOFS: [string, string][] = [
  ['U+202E', 'I\u202Eab'], // RIGHT-TO-LEFT OVERRIDE: displays reversed
  ['U+202A', '\u202AIba'],
  ['U+2066', 'Iba\u2066'],
  ['U+2069', 'I\u2069ba'],
  ['U+200B', 'I\u200Bba'], // ZERO WIDTH SPACE
  ['U+200F', 'Iba\u200F'],
  ['U+061C', 'Ib\u061Ca'],
  ['U+FEFF', 'I\uFEFFba'], // inside: trim() already drops it at either end
  ['U+2060', 'I\u2060ba'],
  ['U+2064', 'Ib\u2064a'],
  ['U+180E', 'I\u180Eba'],
  ['U+00AD', 'I\u00ADba'], // SOFT HYPHEN
  ['U+200D', 'I\u200Dba'], // ZWJ between Latin letters: no script joins there
  ['U+200C', 'Iba\u200C'],
  ['U+E0049', 'Iba\u{E0049}'], // TAG LATIN CAPITAL LETTER I
];

/** Real names and places that must keep working. */
const LEGITIMATE = [
  'क्\u200Cषितिज', // Kshitij, ZWNJ after the virama keeps the explicit halant (Marathi/Hindi spelling)
  'क्\u200Dषमा', // ZWJ after the virama asks for the half form
  'র\u200D্যাম', // Bengali ra-phala: ZWJ between RA and the virama
  'Ïingkaru Kharkongor', // Khasi
  "Sangma A'chik", // Garo
  'Nongrim Hills',
];

describe.each(testDatabases())('invisible and text-direction characters on %s', (kind) => {
  const t = useTestApp(kind);
  const post = (path: string, payload: unknown, headers = {}) =>
    t.app.inject({
      method: 'POST',
      url: `${API_BASE}/${path}`,
      payload: payload as object,
      headers,
      remoteAddress: `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    });

  it.each(SPOOFS)('refuses %s in a landlord first name, and registers nothing', async (found, name) => {
    const before = await countOf(t.db, landlords);
    const res = await post('process/landlord', landlordBody(freshEpic('HID'), { firstName: name }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message('firstName', found));
    expect(await countOf(t.db, landlords)).toBe(before);
  });

  it('refuses them in an address line, naming the address', async () => {
    const body = landlordBody(freshEpic('HID'));
    const spoofed = {
      ...body,
      presentAddress: { ...body.presentAddress, address1: 'Laitumkhrah\u200B Main Road' },
    };
    const res = await post('process/landlord', spoofed);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message('presentAddress.address1', 'U+200B', 'address'));
  });

  it('refuses them in a tenant parent or spouse name and middle name', async () => {
    const before = await t.db.$count(tenants);
    for (const [field, value] of [
      ['parentOrspouseName', 'D. Khar\u202Egnokrak'],
      ['middleName', 'Ka\u2067'],
    ] as const) {
      const res = await post('process/tenant', { ...tenantBody(), [field]: value });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(
        new RegExp(`^${field}: Remove the invisible or text-direction characters`),
      );
    }
    expect(await t.db.$count(tenants)).toBe(before);
  });

  it('refuses them in a police station name an admin types', async () => {
    const before = await t.db.$count(policeStations);
    const admin = bearer((await signInStaff(t.app, 'admin')).accessToken);
    const res = await post(
      'master/policeStationEntry',
      { policeStationName: 'Umiam\u202E', dist: '1701' },
      admin,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message('policeStationName', 'U+202E'));
    expect(await t.db.$count(policeStations)).toBe(before);
  });

  it.each(LEGITIMATE)('registers %s as a landlord and as a tenant, unchanged', async (name) => {
    const landlord = await post('process/landlord', landlordBody(freshEpic('HID'), { firstName: name }));
    expect(landlord.statusCode, landlord.body).toBe(200);
    const tenant = await post('process/tenant', { ...tenantBody(freshIdNumber()), firstName: name });
    expect(tenant.statusCode, tenant.body).toBe(200);
    const rows = await t.db.select().from(landlords);
    expect(rows.some((row) => row.firstName === name)).toBe(true);
  });
});
