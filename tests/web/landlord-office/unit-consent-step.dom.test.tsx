import { afterEach, describe, expect, it } from 'vitest';
import { notifications } from '@mantine/notifications';
import { render, screen, waitFor } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
import { fn, userEvent as user } from 'storybook/test';
import * as stories from '../../../stories/landlord-office/unit-consent-step.stories';
import { UNIT_CONSENT_CODE } from '../../../stories/landlord-office/office-fakes';

const composed = composeStories(stories);
const { AwaitingCode } = composed;

afterEach(() => notifications.clean());

describe('the landlord’s consent step (officials)', () => {
  it.each(Object.entries(composed))('plays the %s story', async (_name, Story) => {
    render(<Story />);
    await Story.play?.();
  });

  it('sends the code it was given for its unit, and hands over once confirmed', async () => {
    const onCall = fn();
    const onConfirmed = fn();
    render(<AwaitingCode services={{ onCall }} onConfirmed={onConfirmed} />);
    await user.type(await screen.findByLabelText(/^Consent code/), `${UNIT_CONSENT_CODE}{Enter}`);
    await waitFor(() => expect(onConfirmed).toHaveBeenCalledOnce());
    expect(onCall).toHaveBeenCalledWith('confirmUnitConsent', 'RU000000003', UNIT_CONSENT_CODE);
  });
});
