import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { PASSWORD_POLICY_TEXT, STAFF_USER_MESSAGES } from '../../src/contract/staff-users.contract';
import { StaffUserDialogWithFakes, VALID_PASSWORD } from './staff-user-fakes';

/** The shared create-user dialog (Police User Entry, Create Locality User, Create Sub-Locality User). */
const meta = {
  title: 'Components/Staff user dialog',
  component: StaffUserDialogWithFakes,
  args: {
    opened: true,
    title: 'Police User Entry',
    usercode: 'PS1701001',
    roles: ['POLICE'],
    onClose: fn(),
    onCreated: fn(),
    fake: {},
  },
} satisfies Meta<typeof StaffUserDialogWithFakes>;

export default meta;
type Story = StoryObj<typeof meta>;

const field = (label: string) => screen.findByLabelText(label, { exact: false });
const createButton = () => screen.getByRole('button', { name: 'Create User' });

async function fill(username: string, password: string, role = 'POLICE') {
  await userEvent.type(await field('Username'), username);
  await userEvent.type(await field('Email'), `${username}@mrss.example`);
  await userEvent.type(screen.getByLabelText('Password', { exact: false, selector: 'input' }), password);
  await userEvent.selectOptions(screen.getByRole('combobox', { name: /Role/ }), role);
}

/** Empty, with the password policy stated under the password field. */
export const Empty: Story = {
  play: async () => {
    await expect(await screen.findByText(PASSWORD_POLICY_TEXT)).toBeVisible();
    await expect(screen.getByRole('combobox', { name: /Role/ })).toHaveValue('');
  },
};

/** Submitted empty: the spec's messages and 'Validation Errors!'. */
export const ValidationErrors: Story = {
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Create User' }));
    await expect(await screen.findByText(STAFF_USER_MESSAGES.validationErrors)).toBeVisible();
    await expect(screen.getByText(STAFF_USER_MESSAGES.usernameRequired)).toBeVisible();
    await expect(screen.getByText(STAFF_USER_MESSAGES.passwordRequired)).toBeVisible();
    await expect(screen.getByText(STAFF_USER_MESSAGES.selectRole)).toBeVisible();
  },
};

/** Choosing the role placeholder again alerts 'Please select a role.'. */
export const PlaceholderRole: Story = {
  play: async () => {
    const role = await screen.findByRole('combobox', { name: /Role/ });
    await userEvent.selectOptions(role, 'POLICE');
    await userEvent.selectOptions(role, '');
    await expect(await screen.findByRole('alert')).toHaveTextContent(STAFF_USER_MESSAGES.selectRole);
  },
};

/** A password that holds the username is refused before sending. */
export const PasswordBreaksPolicy: Story = {
  play: async ({ args }) => {
    await fill('lumpolice', 'lumpolice2026');
    await userEvent.click(createButton());
    await expect(await screen.findByText(STAFF_USER_MESSAGES.passwordHoldsUsername)).toBeVisible();
    await expect(args.onCreated).not.toHaveBeenCalled();
  },
};

/** Waiting for the server. */
export const Creating: Story = {
  args: { fake: { createUser: 'pending' } },
  play: async () => {
    await fill('lumpolice', VALID_PASSWORD);
    await userEvent.click(createButton());
    await waitFor(() => expect(createButton()).toHaveAttribute('data-loading', 'true'));
  },
};

/** The server refused: its reason is shown. */
export const ServerRefused: Story = {
  args: { fake: { createUser: 'taken' } },
  play: async ({ args }) => {
    await fill('police', VALID_PASSWORD);
    await userEvent.click(createButton());
    await expect(await screen.findByText(STAFF_USER_MESSAGES.usernameTaken)).toBeVisible();
    await expect(args.onCreated).not.toHaveBeenCalled();
  },
};

/** Created: the host hears of the new account. */
export const Created: Story = {
  play: async ({ args }) => {
    await fill('lumpolice', VALID_PASSWORD);
    await userEvent.click(createButton());
    await waitFor(() => expect(args.onCreated).toHaveBeenCalledWith({ id: 41, username: 'lumpolice' }));
  },
};
