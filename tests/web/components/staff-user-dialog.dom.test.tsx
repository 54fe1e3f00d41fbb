import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
import { fn, userEvent as user } from 'storybook/test';
import * as stories from '../../../stories/components/staff-user-dialog.stories';
import { VALID_PASSWORD } from '../../../stories/components/staff-user-fakes';
import { USERNAME_RULE_TEXT } from '../../../src/contract/staff-users.contract';

const all = composeStories(stories);

describe('Staff user dialog stories', () => {
  it.each(Object.entries(all))(
    '%s plays to its state',
    async (_name, Story) => {
      render(<Story />);
      await Story.play?.();
    },
    30_000,
  );
});

describe('Staff user dialog', () => {
  it('sends the clear password to the sealing call with the given usercode and the chosen role', async () => {
    const onCall = fn();
    render(<all.Empty usercode="PS1701001LA01" roles={['LOCALITY']} fake={{ onCall }} />);
    await user.type(await screen.findByLabelText('Username', { exact: false }), 'lumlocality');
    await user.type(screen.getByLabelText('Email', { exact: false }), 'lum@mrss.example');
    await user.type(screen.getByLabelText('Password', { exact: false, selector: 'input' }), VALID_PASSWORD);
    await user.selectOptions(screen.getByRole('combobox', { name: /Role/ }), 'LOCALITY');
    await user.click(screen.getByRole('button', { name: 'Create User' }));
    expect(onCall).toHaveBeenCalledWith({
      username: 'lumlocality',
      email: 'lum@mrss.example',
      password: VALID_PASSWORD,
      usercode: 'PS1701001LA01',
      roles: [{ name: 'LOCALITY', rolename: 'Locality User' }],
    });
  });

  it('says the username rule under the field, and refuses a look-alike form such as a trailing dot before sending', async () => {
    const onCall = fn();
    render(<all.Empty usercode="PS1701001LA01" roles={['LOCALITY']} fake={{ onCall }} />);
    const username = await screen.findByLabelText('Username', { exact: false });
    expect(screen.getByText(USERNAME_RULE_TEXT, { exact: false })).toBeVisible();
    await user.type(username, 'moderator2.');
    await user.type(screen.getByLabelText('Email', { exact: false }), 'lum@mrss.example');
    await user.type(screen.getByLabelText('Password', { exact: false, selector: 'input' }), VALID_PASSWORD);
    await user.selectOptions(screen.getByRole('combobox', { name: /Role/ }), 'LOCALITY');
    await user.click(screen.getByRole('button', { name: 'Create User' }));
    expect(await screen.findByText(`Username: ${USERNAME_RULE_TEXT}`)).toBeVisible();
    expect(onCall).not.toHaveBeenCalled();
  });
});
