import { describe, expect, it } from 'vitest';
import { sequentialRoundTrips, type ApiCall } from './round-trips';

const call = (start: number, end: number): ApiCall => ({ method: 'GET', path: '/x', start, end });

describe('sequential round trips of a step', () => {
  it('counts calls in parallel once and calls after an answer again', () => {
    expect(sequentialRoundTrips([])).toBe(0);
    expect(sequentialRoundTrips([call(0, 10)])).toBe(1);
    expect(sequentialRoundTrips([call(0, 10), call(1, 12), call(2, 9)])).toBe(1);
    expect(sequentialRoundTrips([call(0, 10), call(11, 20)])).toBe(2);
    // b waits on a, c waits on b; d runs beside them.
    expect(sequentialRoundTrips([call(0, 10), call(10, 20), call(25, 30), call(1, 29)])).toBe(3);
    expect(sequentialRoundTrips([call(20, 30), call(0, 10)])).toBe(2);
  });
});
