import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
// RouterProvider from 'react-router' (not '/dom'): in Node the two entries load separate copies of the router.
import { RouterProvider, createMemoryRouter } from 'react-router';
import { notifications } from '@mantine/notifications';
import { AUTH_FAILED_MESSAGE, NETWORK_ERROR_MESSAGE } from '../../../src/web/api/client';
import { AppProviders } from '../../../src/web/app/providers';
import { paths } from '../../../src/web/app/paths';
import { routes } from '../../../src/web/app/router';
import { getAccessToken, saveSession } from '../../../src/web/lib/session-store';
import { NOT_FOUND_MESSAGE } from '../../../src/web/features/not-found/not-found-page';

type Reply = { status: number; body?: unknown } | 'offline';

/** Answers the app's API calls by path (after the API prefix); records every call. */
function fakeApi(replies: Record<string, Reply>) {
  const calls: string[] = [];
  const fetchFake = vi.fn(async (input: RequestInfo | URL) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = url.replace(/^.*\/mrssapi\/mrss\/v-1\//, '');
    calls.push(path);
    const reply = replies[path];
    if (!reply || reply === 'offline') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(reply.body ?? {}), {
      status: reply.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchFake);
  return calls;
}

function signIn(username = 'verifier') {
  saveSession({ accessToken: 'token-1', roles: 'VERIFIER', username, usercode: '1701', userlevel: 2 });
}

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const SUMMARY = {
  cards: [
    { key: 'policeStations', label: 'Registered Police Stations', count: 3 },
    { key: 'localities', label: 'Registered Localities', count: 5 },
  ],
};

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => notifications.clean());
});

describe('routes and guards', () => {
  it('shows the fallback, not the shell, for /app/dashboard without a token', async () => {
    const calls = fakeApi({});
    renderAt('/app/dashboard');
    expect(await screen.findByRole('heading', { name: 'Please log in' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
    expect(calls).not.toContain('dashboard/summary');
  });

  it('shows the shell and the live counts with a token', async () => {
    fakeApi({ 'dashboard/summary': { status: 200, body: SUMMARY } });
    signIn();
    renderAt('/app/dashboard');
    expect(await screen.findByTestId('logged-in-as')).toHaveTextContent('Logged in as verifier');
    const card = await screen.findByTestId('dashboard-card-localities');
    expect(card).toHaveTextContent('Registered Localities');
    expect(card).toHaveTextContent('5');
    // Each card opens its list: Registered Localities is the read-only localities screen.
    expect(card.closest('a')).toHaveAttribute('href', '/app/registered-localities');
    expect(screen.getByTestId('dashboard-card-policeStations').closest('a')).toHaveAttribute(
      'href',
      '/app/policestations',
    );
  });

  it('sends /app to the dashboard', async () => {
    fakeApi({ 'dashboard/summary': { status: 200, body: SUMMARY } });
    signIn();
    const router = renderAt('/app');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboard'));
  });

  it('redirects a signed-in official from / to the dashboard', async () => {
    fakeApi({ 'dashboard/summary': { status: 200, body: SUMMARY } });
    signIn();
    const router = renderAt('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboard'));
  });

  it('shows the 404 with Back to Home for an unknown path', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: NOT_FOUND_MESSAGE })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it('shows the 404 inside the shell for an unknown /app path', async () => {
    fakeApi({});
    signIn();
    renderAt('/app/no-such-screen');
    expect(await screen.findByRole('heading', { name: NOT_FOUND_MESSAGE })).toBeInTheDocument();
    expect(screen.getByTestId('logged-in-as')).toBeInTheDocument();
  });

  it('serves the privacy policy', async () => {
    renderAt('/privacy-policy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'How long we keep it' })).toBeInTheDocument();
  });
});

describe('landing page', () => {
  it('opens the login dialog from the Login button', async () => {
    fakeApi({ 'users/getcaptcha': 'offline' });
    renderAt('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Login' }));
    const dialog = await screen.findByRole('dialog', { name: 'USER LOGIN' });
    expect(within(dialog).getByLabelText('Username')).toBeInTheDocument();
  });

  it('offers the citizen flows: links to their routes, the tracker and the clearance as dialogs', async () => {
    renderAt('/');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('link', { name: /apply for clearance/i })).not.toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: /track application/i })[0]);
    expect(
      await screen.findByRole('dialog', { name: /track application status/i }, { timeout: 5000 }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await userEvent.click(screen.getAllByRole('button', { name: /apply for clearance/i })[0]);
    expect(
      await screen.findByRole('dialog', { name: 'CLEARANCE APPLICATION' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /register.*landlord/i })[0]).toHaveAttribute(
      'href',
      paths.landlordLogin,
    );
    expect(screen.getAllByRole('link', { name: /register.*tenant/i })[0]).toHaveAttribute(
      'href',
      paths.tenantLogin,
    );
  });
});

describe('logout and API failures', () => {
  it('asks before logging out, then ends the session and returns home', async () => {
    const calls = fakeApi({
      'dashboard/summary': { status: 200, body: SUMMARY },
      'users/logout': { status: 200, body: {} },
    });
    signIn();
    const router = renderAt('/app/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to logout?');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(getAccessToken()).toBe('token-1');

    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(getAccessToken()).toBeNull();
    expect(calls).toContain('users/logout');
  });

  it("shows 'Authentication Failed', logs out and goes home when a call answers 401", async () => {
    fakeApi({
      'dashboard/summary': {
        status: 401,
        body: { statusCode: 401, error: 'Unauthorized', message: 'Session expired' },
      },
      'users/logout': { status: 401, body: {} },
    });
    signIn();
    const router = renderAt('/app/dashboard');
    expect(await screen.findByText(AUTH_FAILED_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(getAccessToken()).toBeNull();
  });

  it('shows the network error snackbar and the dashboard error state when the server is unreachable', async () => {
    fakeApi({ 'dashboard/summary': 'offline' });
    signIn();
    renderAt('/app/dashboard');
    expect(await screen.findByText(NETWORK_ERROR_MESSAGE)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
