import { describe, expect, it } from 'vitest';
import { channelNoticeText } from '../../src/server/notify/channel-notice';

// Re-attack F3 (27-11-2026): a held-change notice names the new address masked (its first letter and the domain),
// so an official could pick an address that shortens like the person's own, and the notice read like no change.
// A new value whose mask is the current one's now says it is another one.

const held = (edit: { email?: string | null; mobile?: string | null }) =>
  channelNoticeText(
    {
      kind: 'held',
      edit,
      askedBy: 'an official of Ward 1',
      effectiveAt: new Date('2026-12-01T00:00:00Z'),
      staff: false,
    },
    { email: 'll1@atk.test', mobile: '9400000001' },
  ).text;

describe('a held-change notice names a look-alike new value as another one', () => {
  it('an email that shortens like the current one', () => {
    expect(held({ email: 'l.attacker@atk.test' })).toContain(
      'l***@atk.test (another address, which shortens like your current one)',
    );
  });

  it('a mobile number ending in the same four digits', () => {
    expect(held({ mobile: '9811110001' })).toContain(
      '******0001 (another number, ending in the same digits as your current one)',
    );
  });

  it('says nothing more when the masks differ, or when the value is removed', () => {
    expect(held({ email: 'k.other@atk.test' })).not.toContain('another address');
    expect(held({ email: null })).not.toContain('another address');
    expect(held({ mobile: '9811112222' })).not.toContain('another number');
  });
});
