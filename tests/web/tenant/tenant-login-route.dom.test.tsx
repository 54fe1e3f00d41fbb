import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
// RouterProvider from 'react-router' (not '/dom'): in Node the two entries load separate copies of the router.
import { RouterProvider, createMemoryRouter } from 'react-router';
import { notifications } from '@mantine/notifications';
import { userEvent as user } from 'storybook/test';
import { AppProviders } from '../../../src/web/app/providers';
import { paths } from '../../../src/web/app/paths';
import { routes } from '../../../src/web/app/router';
import { saveCitizenKey, readCitizenKey } from '../../../src/web/lib/citizen-key-store';

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => notifications.clean());
});

describe('/tenant-login', () => {
  it('opens the tenant dialog full screen; closing it forgets the key and goes home', async () => {
    // The landing page behind it may ask the API for things; nothing answers here.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    saveCitizenKey({ apiKey: 'k', subject: 'tenant', subjectId: '7', expiresAt: '2099-01-01T00:00:00Z' });
    const router = createMemoryRouter(routes, { initialEntries: [paths.tenantLogin] });
    render(
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    expect(await screen.findByRole('dialog', { name: 'Register / Login as Tenant' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('button', { name: 'Close the tenant dialog' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.home));
    expect(readCitizenKey()).toBeNull();
  });
});
