import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { STAFF_USER_MESSAGES } from '../../src/contract/staff-users.contract';
import { DELETE_USER_QUESTION } from '../../src/web/features/users-admin/delete-users-card';
import { VALID_PASSWORD } from '../components/staff-user-fakes';
import { UsersPageWithFakes } from './users-admin-fakes';

/** The Users page (/app/users, ADMIN) in each of its states, over fake calls. */
const meta = {
  title: 'Users admin/Users page',
  component: UsersPageWithFakes,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof UsersPageWithFakes>;

export default meta;
type Story = StoryObj<typeof meta>;

const table = () => screen.findByRole('table', { name: 'Users' });
const createCard = () => within(screen.getByRole('form', { name: 'Create Users' }));

async function fillVerifier(username = 'verifier.garo') {
  const card = createCard();
  await userEvent.type(card.getByLabelText('Username', { exact: false }), username);
  await userEvent.type(card.getByLabelText('Email', { exact: false }), `${username}@mrss.example`);
  await userEvent.type(card.getByLabelText('Password', { exact: false, selector: 'input' }), VALID_PASSWORD);
  await userEvent.selectOptions(card.getByRole('combobox', { name: /Role/ }), 'VERIFIER');
  await waitFor(() => expect(card.getByRole('option', { name: 'East Khasi Hills' })).toBeInTheDocument());
  await userEvent.selectOptions(card.getByRole('combobox', { name: /District/ }), '1701');
}

/** The page with two pages of users. */
export const UsersList: Story = {
  play: async () => {
    await expect(within(await table()).getByText('supermoderator2')).toBeVisible();
    await expect(screen.getByRole('navigation', { name: 'Users pages' })).toBeVisible();
  },
};

/** The table filtered by username. */
export const Filtered: Story = {
  play: async () => {
    await table();
    await userEvent.type(screen.getByLabelText('Filter by username'), 'supermoderator2');
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Users' })).getAllByRole('row')).toHaveLength(2),
    );
  },
};

/** The table is loading. */
export const Loading: Story = {
  args: { users: { list: 'pending' } },
  play: async () => {
    await expect(await screen.findByRole('status', { name: 'Loading users' })).toBeVisible();
  },
};

/** No user matches. */
export const NoRecords: Story = {
  args: { users: { users: [] } },
  play: async () => {
    await expect(await screen.findByText('No Records Found')).toBeVisible();
  },
};

/** The table failed: the server's message. */
export const ListFailed: Story = {
  args: { users: { list: 'fails' } },
  play: async () => {
    await expect(await screen.findByText('Error in Server')).toBeVisible();
  },
};

/** Create User pressed on an empty form. */
export const CreateInvalid: Story = {
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Create User' }));
    await expect(await screen.findByText(STAFF_USER_MESSAGES.validationErrors)).toBeVisible();
    await expect(screen.getByText(STAFF_USER_MESSAGES.usernameRequired)).toBeVisible();
  },
};

/** A district role without a district. */
export const DistrictMissing: Story = {
  play: async () => {
    await fillVerifier();
    await userEvent.selectOptions(createCard().getByRole('combobox', { name: /District/ }), '');
    await userEvent.click(screen.getByRole('button', { name: 'Create User' }));
    await expect(await screen.findByText('District required')).toBeVisible();
  },
};

/** Created: the spec's message; the district's code was sent as the usercode. */
export const Created: Story = {
  args: { users: { onCreate: fn() } },
  play: async ({ args }) => {
    await fillVerifier();
    await userEvent.click(screen.getByRole('button', { name: 'Create User' }));
    await expect(await screen.findByText(STAFF_USER_MESSAGES.created)).toBeVisible();
    await expect(args.users?.onCreate).toHaveBeenCalledWith(expect.objectContaining({ usercode: '1701' }));
  },
};

/** The server refused: its reason. */
export const CreateRefused: Story = {
  args: { users: { create: 'taken' } },
  play: async () => {
    await fillVerifier('verifier');
    await userEvent.click(screen.getByRole('button', { name: 'Create User' }));
    await expect(await screen.findByText(STAFF_USER_MESSAGES.usernameTaken)).toBeVisible();
  },
};

/** Delete waits for an ID. */
export const DeleteDisabled: Story = {
  play: async () => {
    await expect(await screen.findByRole('button', { name: 'Delete' })).toBeDisabled();
  },
};

/** Delete asks first. */
export const DeleteConfirmation: Story = {
  play: async () => {
    await userEvent.type(await screen.findByLabelText('User ID'), '11');
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await expect(await screen.findByText(DELETE_USER_QUESTION)).toBeVisible();
  },
};

/** Deleted: the server's message. */
export const Deleted: Story = {
  args: { users: { onDelete: fn() } },
  play: async ({ args }) => {
    await userEvent.type(await screen.findByLabelText('User ID'), '11');
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await expect(await screen.findByText(STAFF_USER_MESSAGES.deleted)).toBeVisible();
    await expect(args.users?.onDelete).toHaveBeenCalledWith(11);
  },
};

/** Delete of an unknown ID: the server's message. */
export const DeleteRefused: Story = {
  args: { users: { remove: 'missing' } },
  play: async () => {
    await userEvent.type(await screen.findByLabelText('User ID'), '999');
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await expect(await screen.findByText(STAFF_USER_MESSAGES.noSuchUser)).toBeVisible();
  },
};
