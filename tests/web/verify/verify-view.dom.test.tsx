import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { composeStories } from '@storybook/react-vite';
import * as stories from '../../../stories/verify/verify-page.stories';

// Every state of the certificate check, rendered from its story: the words it shows, names only, and the field that
// checks another code.

const all = composeStories(stories);

describe('certificate check stories', () => {
  it.each([
    ['Checking', 'Checking the certificate…'],
    ['GenuineAndValid', 'Genuine and valid'],
    ['GenuineNoLongerValid', 'Genuine, but no longer valid'],
    ['NotGenuine', 'Not a genuine certificate'],
    ['Failed', 'The certificate could not be checked'],
  ] as const)('%s says “%s”', (name, words) => {
    render(all[name]());
    expect(screen.getByText(words)).toBeInTheDocument();
    const facts = screen.queryByRole('table');
    expect(facts !== null).toBe(name.startsWith('Genuine'));
  });

  it('shows the reason a genuine certificate no longer stands, and the names', () => {
    render(<all.GenuineNoLongerValid />);
    expect(screen.getByText(/tenant has since shifted/)).toBeInTheDocument();
    expect(screen.getByText('Imran Hussain')).toBeInTheDocument();
    expect(screen.getByText('Wanphrang R. Syiem')).toBeInTheDocument();
  });

  it('checks a typed code (trimmed), and not an empty one', async () => {
    const user = userEvent.setup();
    const onCheck = stories.default.args.onCheck;
    onCheck.mockClear();
    render(<all.NotGenuine />);
    const field = screen.getByLabelText('Verification code');
    await user.clear(field);
    expect(screen.getByRole('button', { name: 'Check' })).toBeDisabled();
    await user.type(field, '  12-ABCDEFGHIJKLMNOP ');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(onCheck).toHaveBeenCalledWith('12-ABCDEFGHIJKLMNOP');
  });
});
