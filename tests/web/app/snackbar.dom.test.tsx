import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { AppProviders } from '../../../src/web/app/providers';
import {
  FORM_SNACKBAR_MS,
  SHELL_SNACKBAR_MS,
  PUBLIC_SNACKBAR_MS,
  STEPPER_SNACKBAR_MS,
  showFormSnackbar,
  showSnackbar,
  showStepperSnackbar,
  snackbarDuration,
} from '../../../src/web/app/snackbar';

afterEach(() => {
  vi.restoreAllMocks();
  act(() => notifications.clean());
});

describe('snackbars', () => {
  it('hide after 3 s in the staff shell and 5 s on public pages (backoffice.md 8, public-portal.md 2)', () => {
    expect(SHELL_SNACKBAR_MS).toBe(3000);
    expect(PUBLIC_SNACKBAR_MS).toBe(5000);
    expect(snackbarDuration('/app')).toBe(3000);
    expect(snackbarDuration('/app/dashboard')).toBe(3000);
    expect(snackbarDuration('/')).toBe(5000);
    expect(snackbarDuration('/privacy-policy')).toBe(5000);
    expect(snackbarDuration('/application')).toBe(5000);
  });

  it('announce errors as alerts and other news as status', async () => {
    render(<AppProviders>{null}</AppProviders>);
    act(() => {
      showSnackbar('Could not save', 'error', '/app/dashboard');
      showSnackbar('Saved', 'success', '/app/dashboard');
    });
    expect((await screen.findByText('Could not save')).closest('[role]')).toHaveAttribute('role', 'alert');
    expect((await screen.findByText('Saved')).closest('[role]')).toHaveAttribute('role', 'status');
  });

  it('last 6 s in forms and 3 s in steppers wherever they are shown; a duration option overrides the area (section 8)', () => {
    const show = vi.spyOn(notifications, 'show');
    const durations = () => show.mock.calls.map(([options]) => options.autoClose);
    expect([FORM_SNACKBAR_MS, STEPPER_SNACKBAR_MS]).toEqual([6000, 3000]);
    showFormSnackbar('Successfully Saved Family Member', 'success');
    showStepperSnackbar('OTP has been successfully verified!', 'success');
    showSnackbar('Saved', 'success', { pathname: '/app/tenants' });
    showSnackbar('Saved', 'success', { pathname: '/', autoCloseMs: 1234 });
    showSnackbar('Saved', 'success', '/');
    expect(durations()).toEqual([6000, 3000, 3000, 1234, 5000]);
  });
});
