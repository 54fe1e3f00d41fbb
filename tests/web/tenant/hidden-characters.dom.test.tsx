import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { composeStories } from '@storybook/react-vite';
import { userEvent as user } from 'storybook/test';
import * as landlordStories from '../../../stories/landlord/landlord-page.stories';
import { button } from '../../../stories/landlord/landlord-story-frame';
import * as tenantStories from '../../../stories/tenant/tenant-dialog.stories';
import { startRegistration } from '../../../stories/tenant/tenant-story-steps';

// Issue 20: the forms refuse invisible and text-direction characters in names and addresses with the server's
// own message (src/contract/display-text.ts), before anything is sent.

const { RegistrationErrors } = composeStories(landlordStories);
const { LoginEmpty } = composeStories(tenantStories);

const NAME_MESSAGE = 'Remove the invisible or text-direction characters (such as U+202E) from the name.';
const ADDRESS_MESSAGE =
  'Remove the invisible or text-direction characters (such as U+200B) from the address.';

afterEach(() =>
  act(() => {
    notifications.clean();
    notifications.cleanQueue();
  }),
);

describe('invisible characters in the registration forms', () => {
  it('shows the message under a landlord first name holding a right-to-left override', async () => {
    render(<RegistrationErrors />);
    await RegistrationErrors.play?.();
    await user.type(screen.getByLabelText(/^First Name/), 'I\u202Eab');
    await user.click(button('Save'));
    expect(await screen.findByText(NAME_MESSAGE)).toBeInTheDocument();
  });

  it('shows the message under a tenant name and address line on Save, and accepts a Devanagari name with ZWNJ', async () => {
    render(<LoginEmpty />);
    await startRegistration();
    await user.type(await screen.findByLabelText(/^First Name/), 'क्\u200Cषितिज');
    await user.type(screen.getByLabelText(/^Parent or Spouse Name/), 'D. Khar\u202Egnokrak');
    const [address1] = screen.getAllByLabelText(/Address Line 1/);
    await user.type(address1, 'Laitumkhrah\u200B Main Road');
    await user.click(button('Save'));
    expect(await screen.findByText(NAME_MESSAGE)).toBeInTheDocument();
    expect(screen.getAllByText(ADDRESS_MESSAGE).length).toBeGreaterThan(0);
    // The first name with ZWNJ between Devanagari letters draws no such message: only the two fields above do.
    const messages = screen.getAllByText(/Remove the invisible/).map((node) => node.textContent);
    expect(messages.filter((text) => text === NAME_MESSAGE)).toHaveLength(1);
  });
});
