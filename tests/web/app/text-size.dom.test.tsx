import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProviders } from '../../../src/web/app/providers';
import { TextSizeControl } from '../../../src/web/components/text-size-control';

const Control = () => (
  <AppProviders>
    <TextSizeControl />
  </AppProviders>
);

afterEach(() => {
  localStorage.clear();
  document.documentElement.style.fontSize = '';
});

describe('text size control (A- / A / A+)', () => {
  it('starts at normal size when nothing was chosen before', () => {
    render(<Control />);
    expect(document.documentElement.style.fontSize).toBe('100%');
    expect(screen.getByRole('button', { name: 'Decrease text size' })).toBeEnabled();
  });

  it('scales the whole page in steps, stops at the limits and remembers the choice', async () => {
    const { unmount } = render(<Control />);
    const bigger = screen.getByRole('button', { name: 'Increase text size' });
    await userEvent.click(bigger);
    await userEvent.click(bigger);
    expect(document.documentElement.style.fontSize).toBe('125%');
    expect(bigger).toBeDisabled();
    unmount();

    render(<Control />);
    expect(document.documentElement.style.fontSize).toBe('125%');
    await userEvent.click(screen.getByRole('button', { name: 'Reset text size' }));
    expect(document.documentElement.style.fontSize).toBe('100%');
    await userEvent.click(screen.getByRole('button', { name: 'Decrease text size' }));
    expect(document.documentElement.style.fontSize).toBe('87.5%');
    expect(screen.getByRole('button', { name: 'Decrease text size' })).toBeDisabled();
  });
});
