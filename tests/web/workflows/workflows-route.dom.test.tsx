import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ROLES } from '../../../src/contract/roles';
import { AppProviders } from '../../../src/web/app/providers';
import { WORKFLOWS_ROLES, WorkflowsRoute } from '../../../src/web/app/routes/workflows-route';
import { clearSession, saveSession } from '../../../src/web/lib/session-store';

// /app/workflows opens for VERIFIER, SUPERVISOR and ADMIN; every other role reads the app's 'Not available'.

afterEach(() => {
  cleanup();
  clearSession();
});

describe('/app/workflows', () => {
  it('is for verifiers, supervisors and administrators', () => {
    expect([...WORKFLOWS_ROLES].sort()).toEqual(['ADMIN', 'SUPERVISOR', 'VERIFIER']);
  });

  it.each(ROLES)('as %s', async (role) => {
    saveSession({ accessToken: 't', roles: role, username: 'someone', usercode: '1701', userlevel: 2 });
    render(
      <AppProviders>
        <MemoryRouter initialEntries={['/app/workflows?view=table']}>
          <WorkflowsRoute />
        </MemoryRouter>
      </AppProviders>,
    );
    if (WORKFLOWS_ROLES.includes(role)) {
      expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(/^Workflows$/);
      expect(screen.getByRole('table')).toBeInTheDocument();
    } else {
      expect(await screen.findByRole('alert')).toHaveTextContent(/Not available/);
      expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    }
  });
});
