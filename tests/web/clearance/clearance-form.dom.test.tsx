import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { fn, userEvent } from 'storybook/test';
import { AppProviders } from '../../../src/web/app/providers';
import { ClearanceDialog } from '../../../src/web/features/clearance/clearance-dialog';
import {
  CONSENT_CODE,
  TENANT_ID,
  fakeClearanceLogic,
  type ClearanceFakes,
} from '../../../stories/clearance/clearance-fakes';
import {
  button,
  consentField,
  epicField,
  generate,
  typeTenant,
} from '../../../stories/clearance/clearance-steps';
import { callsOf } from '../../support/fake-calls';

// What the clearance dialog sends and when (the states' own checks are in the stories, played by
// clearance-stories.dom.test.tsx).

function DialogWithReopen({
  fakes,
  endKey = () => Promise.resolve(),
}: {
  fakes: ClearanceFakes;
  endKey?: () => Promise<void>;
}) {
  const [opened, setOpened] = useState(true);
  const [logic] = useState(() => fakeClearanceLogic(fakes));
  return (
    <AppProviders>
      <button type="button" onClick={() => setOpened(true)}>
        Open again
      </button>
      <ClearanceDialog opened={opened} onClose={() => setOpened(false)} logic={logic} endKey={endKey} />
    </AppProviders>
  );
}

const calls = (onCall: ReturnType<typeof fn>, name: string) => callsOf<Record<string, unknown>>(onCall, name);

describe('the clearance dialog', () => {
  it('looks the tenant up once, after the pause, with the ID upper-cased', async () => {
    const onCall = fn();
    render(<DialogWithReopen fakes={{ onCall }} />);
    await typeTenant();
    await screen.findByText('Tenant Name: Wanda Kharkongor');
    expect(calls(onCall, 'findTenant')).toEqual([expect.objectContaining({ idNumber: TENANT_ID })]);
  });

  it('generates for the chosen unit and found tenant, confirms the tenant’s code, and applies the members still ticked', async () => {
    const onCall = fn();
    render(<DialogWithReopen fakes={{ onCall }} />);
    await generate();
    expect(calls(onCall, 'generateApplication')).toEqual([
      expect.objectContaining({ rentcode: 'RC-1', tenantId: 31 }),
    ]);
    // No people before the tenant's consent.
    await userEvent.type(await consentField(), CONSENT_CODE);
    expect(screen.queryByRole('checkbox', { name: 'Kynsai Kharkongor' })).toBeNull();
    await userEvent.click(button('Confirm'));
    expect(calls(onCall, 'confirmConsent')).toEqual([
      expect.objectContaining({ applid: 501, code: '123456' }),
    ]);
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Kynsai Kharkongor' }));
    await userEvent.click(button('Apply'));
    await waitFor(() =>
      expect(calls(onCall, 'applyApplication')).toEqual([
        expect.objectContaining({ applid: 501, memberCodes: [7], helperCodes: [9] }),
      ]),
    );
    await waitFor(() => expect(button('Download Application')).toBeEnabled());
    await userEvent.click(button('Download Application'));
    await waitFor(() =>
      expect(calls(onCall, 'downloadApplication')).toEqual([expect.objectContaining({ applid: 501 })]),
    );
    // Apply's second round trip: the units still vacant.
    expect(calls(onCall, 'loadVacantUnits')).toHaveLength(2);
  });

  it('forgets everything when closed, and ends the key: reopened, it starts at an empty Landlord Epic', async () => {
    const endKey = fn(() => Promise.resolve());
    render(<DialogWithReopen fakes={{}} endKey={endKey} />);
    await typeTenant();
    await screen.findByText('Tenant Name: Wanda Kharkongor');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(endKey).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Open again', hidden: true }));
    expect(await epicField()).toHaveValue('');
    expect(screen.queryByRole('combobox', { name: 'Rental Unit' })).toBeNull();
    // Closed before any OTP was verified: there is no key to end.
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(endKey).toHaveBeenCalledTimes(1);
  });

  it('closed on the consent step, withdraws the application first and ends the key after it', async () => {
    const order: string[] = [];
    const onCall = fn((name: string) => order.push(name));
    const endKey = fn(() => {
      order.push('endKey');
      return Promise.resolve();
    });
    render(<DialogWithReopen fakes={{ onCall }} endKey={endKey} />);
    await generate();
    await consentField();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(endKey).toHaveBeenCalledTimes(1));
    expect(calls(onCall, 'withdrawApplication')).toEqual([expect.objectContaining({ applid: 501 })]);
    expect(order.slice(-2)).toEqual(['withdrawApplication', 'endKey']);
    await userEvent.click(screen.getByRole('button', { name: 'Open again', hidden: true }));
    expect(await epicField()).toHaveValue('');
    expect(screen.queryByRole('textbox', { name: 'Consent code' })).toBeNull();
  });
});
