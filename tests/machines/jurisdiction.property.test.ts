import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isWithinJurisdiction, localityOf, stationOf } from '../../machines/application';

/* Jurisdiction codes: a ward lies inside each level above it (by the code rules of docs/application-lifecycle.md). */

const RUNS = 1000;

describe('jurisdiction codes: properties', () => {
  const digits = (n: number) => fc.stringMatching(new RegExp(`^\\d{${n}}$`));
  const wardCode = fc
    .tuple(digits(4), digits(3), digits(2), digits(2))
    .map(([district, station, locality, ward]) => `PS${district}${station}LA${locality}W${ward}`);

  it('puts a ward inside every level above it, and nowhere else', () => {
    fc.assert(
      fc.property(wardCode, wardCode, (ward, other) => {
        for (const code of [ward, localityOf(ward), stationOf(ward), ward.slice(2, 6), ward.slice(2, 4)]) {
          expect(isWithinJurisdiction(code, ward)).toBe(true);
        }
        expect(isWithinJurisdiction(other, ward)).toBe(other === ward);
        expect(isWithinJurisdiction(localityOf(other), ward)).toBe(localityOf(other) === localityOf(ward));
        expect(isWithinJurisdiction(other.slice(2, 6), ward)).toBe(other.slice(2, 6) === ward.slice(2, 6));
      }),
      { numRuns: RUNS },
    );
  });

  it('never matches a malformed code', () => {
    fc.assert(
      fc.property(wardCode, fc.string({ maxLength: 18 }), (ward, junk) => {
        const wellFormed = /^(\d{2}|\d{4}|PS\d{7}|PS\d{7}LA\d{2}|PS\d{7}LA\d{2}W\d{2})$/.test(junk);
        if (!wellFormed) expect(isWithinJurisdiction(junk, ward)).toBe(false);
        expect(isWithinJurisdiction(ward.slice(0, -1), ward)).toBe(false);
        expect(isWithinJurisdiction(ward, junk)).toBe(junk === ward);
      }),
      { numRuns: RUNS },
    );
  });
});
