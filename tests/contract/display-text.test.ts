import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { findHiddenCharacter, hiddenCharacterMessage, isPlainEmail } from '../../src/contract/display-text';
import {
  localityEntryBodySchema,
  stationEntryBodySchema,
  wardEntryBodySchema,
} from '../../src/contract/jurisdiction-admin.contract';
import { helperInputSchema, landlordInputSchema } from '../../src/contract/landlords.contract';
import { citizenUnitSchema } from '../../src/contract/rental-units.contract';
import { emailSchema as staffEmailSchema, signUpBodySchema } from '../../src/contract/staff-users.contract';
import {
  familyMemberBodySchema,
  helperBodySchema,
  tenantBodySchema,
} from '../../src/contract/tenants.contract';

// The rule for names and addresses (issue 20; docs/input-safety.md): which characters, where ZWNJ/ZWJ pass, and
// that every name and address field of the contract applies it.

describe('findHiddenCharacter', () => {
  it.each([
    ['U+202E', 'Rai\u202Eahsnab'],
    ['U+202D', '\u202DKa'],
    ['U+2067', 'Ka\u2067'],
    ['U+200B', 'Ka\u200BIing'],
    ['U+200E', 'Ka\u200E'],
    ['U+061C', 'a\u061Cb'],
    ['U+FEFF', 'a\uFEFFb'],
    ['U+2063', 'a\u2063b'],
    ['U+180E', 'a\u180Eb'],
    ['U+034F', 'a\u034Fb'],
    ['U+3164', 'a\u3164b'],
    ['U+FE0F', 'a\uFE0Fb'],
    ['U+0009', 'a\tb'],
    ['U+0085', 'a\u0085b'],
    ['U+E0001', 'a\u{E0001}b'],
    ['U+1D173', 'a\u{1D173}b'],
    ['U+200C', 'John\u200CDoe'], // ZWNJ between Latin letters
    ['U+200D', '\u200Dक'], // ZWJ at the start: nothing to join
    ['U+200D', 'क\u200D'], // ZWJ at the end, not after a virama
    ['U+200C', 'क\u200C D'], // ZWNJ before a space, not after a virama
    ['U+200C', 'Ka \u200Cक'], // after a space
  ])('finds %s in %j', (found, text) => {
    expect(findHiddenCharacter(text)).toBe(found);
  });

  it('names the first refused character when there are several', () => {
    expect(findHiddenCharacter('a\u200Cb\u202E')).toBe('U+200C');
    expect(findHiddenCharacter('a\u202Eb\u200C')).toBe('U+202E');
  });

  it.each([
    'Banshan Rai',
    'Ïingkaru Kharkongor',
    "Sangma A'chik",
    'नमस्ते',
    'क्\u200Cषितिज', // ZWNJ after the Devanagari virama
    'क्\u200Dष', // ZWJ after the virama
    'র\u200D্যাম', // Bengali RA + ZWJ + virama
    'അവന്\u200D', // Malayalam chillu written as NA + virama + ZWJ, at the end of the word
    'کتاب\u200Cها', // ZWNJ in Urdu/Persian
    'Flat 2, Nongrim Hills – 793003',
    '',
  ])('accepts %j', (text) => {
    expect(findHiddenCharacter(text)).toBeNull();
  });
});

/** Each schema, a valid body, and the name and address fields in it (dotted paths). */
const district = { districtCode: '1701', statename: { stateCode: '17' } };
const address = { address1: 'Mawlai', address2: 'Shillong', pinCode: '793008', district };
const FIELDS: [string, z.ZodType, Record<string, unknown>, string[], string[]][] = [
  [
    'landlord',
    landlordInputSchema,
    {
      epicNo: 'ABC1234567',
      firstName: 'Iba',
      middleName: 'K',
      lastName: 'Rai',
      occupation: 'Teacher',
      mobile: '9863012345',
      permanentAddress: address,
      presentAddress: address,
    },
    ['firstName', 'middleName', 'lastName'],
    ['permanentAddress.address1', 'permanentAddress.address2', 'presentAddress.address1'],
  ],
  [
    'landlord helper',
    helperInputSchema,
    {
      memberName: 'Phrang',
      age: '1990-04-01',
      permanentAddress: { ...address, statename: { stateCode: '17' } },
    },
    ['memberName'],
    ['permanentAddress.address1', 'permanentAddress.address2'],
  ],
  [
    'tenant',
    tenantBodySchema,
    {
      epicNo: 'ABCD12345',
      firstName: 'Iba',
      middleName: 'K',
      lastName: 'Rai',
      occupation: 'Teacher',
      parentOrspouseName: 'D. Rai',
      mobile: '9863012345',
      type: 'T3',
      permanentAddress: address,
      presentAddress: address,
    },
    ['firstName', 'middleName', 'lastName', 'parentOrspouseName'],
    ['permanentAddress.address1', 'presentAddress.address2'],
  ],
  [
    'family member',
    familyMemberBodySchema,
    { memberName: 'Kyn', occupation: 'Student', relationship: 'Son' },
    ['memberName'],
    [],
  ],
  [
    'tenant helper',
    helperBodySchema,
    {
      memberName: 'Phrang',
      age: '1990-04-01',
      permanentAddress: { ...address, statename: { stateCode: '17' } },
    },
    ['memberName'],
    ['permanentAddress.address1'],
  ],
  [
    'rental unit (citizen)',
    citizenUnitSchema,
    {
      houseNo: '12',
      floorNo: '1',
      address1: 'Near the church',
      address2: 'Laitumkhrah',
      pinCode: '793003',
      laCode: 'PS1701001LA01W01',
      la: { ps: { policeStationCode: 'PS1701001' } },
      district: { districtCode: '1701' },
    },
    [],
    ['houseNo', 'floorNo', 'address1', 'address2'],
  ],
  [
    'police station',
    stationEntryBodySchema,
    { policeStationName: 'Umiam', dist: '1701' },
    ['policeStationName'],
    [],
  ],
  [
    'locality',
    localityEntryBodySchema,
    { localityName: 'Mawlai', headManName: 'K. Lyngdoh', ps: 'PS1701001' },
    ['localityName', 'headManName'],
    [],
  ],
  [
    'ward',
    wardEntryBodySchema,
    { localAuthorityName: 'Mawlai Mawroh', headManName: 'K. Lyngdoh', area: 'PS1701001LA01' },
    ['localAuthorityName', 'headManName'],
    [],
  ],
];

function withValue(body: Record<string, unknown>, path: string, value: string): Record<string, unknown> {
  const [head, ...rest] = path.split('.');
  if (rest.length === 0) return { ...body, [head]: value };
  return { ...body, [head]: withValue(body[head] as Record<string, unknown>, rest.join('.'), value) };
}

describe.each(FIELDS)('the %s schema', (_name, schema, valid, names, addresses) => {
  it('accepts the valid body', () => {
    expect(schema.safeParse(valid).error?.issues).toBeUndefined();
  });

  it.each([...names.map((path) => [path, 'name']), ...addresses.map((path) => [path, 'address'])])(
    'refuses a right-to-left override in %s with the %s message',
    (path, what) => {
      const result = schema.safeParse(withValue(valid, path, 'Ma\u202Ewlai'));
      expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
        [path, hiddenCharacterMessage(what as 'name' | 'address', 'U+202E')],
      ]);
    },
  );
});

it('the staff usercode refuses it too', () => {
  const result = signUpBodySchema.safeParse({
    username: 'new.official',
    password: 'Umiam-Lake-Boats-77',
    usercode: 'PS1701001\u202E',
    roles: [{ name: 'MODERATOR' }],
  });
  expect(result.error?.issues.find((issue) => issue.path[0] === 'usercode')?.message).toBe(
    hiddenCharacterMessage('usercode', 'U+202E'),
  );
});

describe('isPlainEmail (re-attack F3: an address with an invisible character is another address that looks alike)', () => {
  it.each(['ll1@atk.test', 'a.b+c@example.org'])('accepts %s', (email) => {
    expect(isPlainEmail(email)).toBe(true);
  });
  it.each([
    'll1@atk.test\u200b',
    'l\u202El1@atk.test',
    'no-at.example.org',
    'a b@example.org',
    'a@b',
    'a@b@example.org',
    // Re-attack N1: a Cyrillic 'а' in the domain and a combining accent display as the person's own address.
    'lm1@\u0430tk.test',
    'lm1@atk.test\u0301',
  ])('refuses %j', (email) => {
    expect(isPlainEmail(email)).toBe(false);
  });
  it('refuses it in the tenant, landlord and staff schemas alike', () => {
    for (const schema of [tenantBodySchema.shape.email, landlordInputSchema.shape.email, staffEmailSchema]) {
      expect(schema.safeParse('ll1@atk.test\u200b').success).toBe(false);
      expect(schema.safeParse('ll1@atk.test').success).toBe(true);
    }
  });
});
