import { describe, expect, it } from 'vitest';
import {
  defaultPeriod,
  filterArea,
  lifecycleRequestOf,
  liveNumbersAddress,
  readLifecycleFilter,
  stateListAddress,
  writeLifecycleFilter,
} from '../../../src/web/lib/lifecycle-filter-address';

// The live view's filter as it lives in the address, and the request it makes: defaults, the narrowest place,
// the contract's own checks, and the addresses of a state's list and of the way back.

const TODAY = '2026-11-24';
const read = (query: string) => readLifecycleFilter(new URLSearchParams(query), TODAY);

describe('the filter in the address', () => {
  it('defaults to the last twelve months and a 15-day limit', () => {
    expect(defaultPeriod(TODAY)).toEqual({ from: '2025-11-25', to: TODAY });
    expect(lifecycleRequestOf(read(''))).toEqual({
      ok: true,
      request: { from: '2025-11-25', to: TODAY, serviceLimitDays: 15 },
    });
  });

  it('sends every place given, the narrowest one being the area', () => {
    const filter = read('district=1701&station=PS1701001&locality=PS1701001LA01&limit=30&from=2026-01-01');
    expect(filterArea(filter)).toBe('PS1701001LA01');
    expect(lifecycleRequestOf(filter)).toEqual({
      ok: true,
      request: {
        from: '2026-01-01',
        to: TODAY,
        serviceLimitDays: 30,
        districtCode: '1701',
        stationCode: 'PS1701001',
        localityCode: 'PS1701001LA01',
      },
    });
    expect(filterArea(read(''))).toBeNull();
  });

  it.each([
    ['from=2026-05-01&to=2026-01-31', 'to: the end date must not be before the start date.'],
    ['limit=0', 'serviceLimitDays: give a whole number of days from 1 to 365.'],
    ['limit=abc', 'serviceLimitDays: give a whole number of days from 1 to 365.'],
    ['limit=400', 'serviceLimitDays: give a whole number of days from 1 to 365.'],
    ['from=2026-02-30', 'from must be a date written yyyy-MM-dd.'],
    ['from=2010-01-01', 'to: the period must not be longer than 1830 days.'],
    ['ward=W01', 'wardCode: give a sub-locality/ward code, e.g. PS1701001LA01W01.'],
  ])('refuses %s with the contract words', (query, problem) => {
    const checked = lifecycleRequestOf(read(query));
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.problems).toContain(problem);
  });

  it('writes only what differs from the defaults, keeping the other parameters', () => {
    const params = new URLSearchParams('machine=applicationLifecycle&view=live&from=2020-01-01');
    writeLifecycleFilter(params, { ...read(''), station: 'PS1701001', limit: '20' }, TODAY);
    expect(params.toString()).toBe('machine=applicationLifecycle&view=live&station=PS1701001&limit=20');
  });

  it("links a state's list and the way back with the same filter", () => {
    const filter = read('district=1701&from=2026-01-01&to=2026-06-30');
    expect(stateListAddress('LAVP', filter, TODAY)).toBe(
      '/app/workflows/applications/LAVP?from=2026-01-01&to=2026-06-30&district=1701',
    );
    expect(liveNumbersAddress(filter, TODAY)).toBe(
      '/app/workflows?machine=applicationLifecycle&view=live&from=2026-01-01&to=2026-06-30&district=1701',
    );
    expect(stateListAddress('RJT', read(''), TODAY)).toBe('/app/workflows/applications/RJT');
  });
});
