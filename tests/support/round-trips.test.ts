import { EventEmitter } from 'node:events';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { recordApiCalls, sequentialRoundTrips, type ApiCall } from './round-trips';

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

describe('the recorder of a journey', () => {
  /** A page that only emits the request events the recorder listens to. */
  function fakePage() {
    const page = new EventEmitter();
    const request = (path: string) => ({ url: () => `http://localhost${path}`, method: () => 'GET' });
    return { page: page as unknown as Page, emit: page.emit.bind(page), request };
  }

  it('gives a call to the step that started it, even when it answers after the next mark', () => {
    const { page, emit, request } = fakePage();
    const api = recordApiCalls(page);
    const otp = request('/mrssapi/mrss/v-1/apikey/getOTP/X');
    const seal = request('/mrssapi/mrss/v-1/sealKey');
    emit('request', otp);
    emit('requestfinished', otp);
    emit('request', seal);
    api.step('Get OTP');
    const verify = request('/mrssapi/mrss/v-1/apikey/verify');
    emit('request', verify);
    emit('requestfinished', seal);
    emit('requestfinished', verify);
    emit('request', request('/assets/app.js'));
    api.step('Verify');
    expect(api.steps.map((s) => [s.step, s.calls.map((c) => c.path.split('/').pop()), s.sequential])).toEqual(
      [
        ['Get OTP', ['X', 'sealKey'], 2],
        ['Verify', ['verify'], 1],
      ],
    );
  });
});
