import { describe, expect, it } from 'vitest';
import { waitText } from '../../src/contract/wait-text';

describe('waitText', () => {
  it('says minutes up to an hour and a half, then hours', () => {
    expect(waitText(1)).toBe('1 minute');
    expect(waitText(13)).toBe('13 minutes');
    expect(waitText(90)).toBe('90 minutes');
    expect(waitText(91)).toBe('about 2 hours');
    expect(waitText(1425)).toBe('about 24 hours');
  });
});
