import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
import { fn, userEvent as user } from 'storybook/test';
import * as stories from '../../../stories/components/staff-user-dialog.stories';
import { VALID_PASSWORD } from '../../../stories/components/staff-user-fakes';

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
});
