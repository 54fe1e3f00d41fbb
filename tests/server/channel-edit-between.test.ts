import { describe, expect, it } from 'vitest';
import { channelEditBetween } from '../../src/server/services/channel-changes/channel-of';

// A channel "changes" only when the address or number does: an email in other case or with spaces around it, a
// mobile with spaces or dashes, is the same channel (no held change, no notice: docs/otp-channel-changes.md).

describe('channelEditBetween', () => {
  const current = { mobile: '9863012345', email: 'iba@example.org' };

  it('sees no change in the case or the surrounding spaces of an email, nor in the spacing of a mobile', () => {
    expect(channelEditBetween(current, { email: ' IBA@Example.ORG ' })).toBeNull();
    expect(channelEditBetween(current, { mobile: ' 98630-12345 ' })).toBeNull();
    expect(channelEditBetween(current, { mobile: '98630 12345', email: 'Iba@example.org' })).toBeNull();
  });

  it('still sees a real change, and a removal', () => {
    expect(channelEditBetween(current, { email: 'iba2@example.org' })).toEqual({ email: 'iba2@example.org' });
    expect(channelEditBetween(current, { mobile: '9863012346' })).toEqual({ mobile: '9863012346' });
    expect(channelEditBetween(current, { email: '  ' })).toEqual({ email: null });
  });
});
