import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { ROLES } from '../../../src/contract/roles';
import { AppProviders } from '../../../src/web/app/providers';
import { MediaUpdateRoute } from '../../../src/web/app/routes/media-update-route';
import { MediaUpdateServicesContext } from '../../../src/web/features/media-update/media-update-api';
import { clearSession, saveSession } from '../../../src/web/lib/session-store';
import { fakeMediaServices } from '../../../stories/media-update/media-update-fakes';

// /app/media-update opens for the ADMIN only; any other role that types the address reads why (the server refuses
// its calls as well: tests/server/site-media.test.ts).

afterEach(() => {
  cleanup();
  clearSession();
});

describe('/app/media-update', () => {
  it.each(ROLES)('as %s', async (role) => {
    saveSession({ accessToken: 't', roles: role, username: 'someone', usercode: '17', userlevel: 1 });
    render(
      <AppProviders>
        <MediaUpdateServicesContext.Provider value={fakeMediaServices()}>
          <MediaUpdateRoute />
        </MediaUpdateServicesContext.Provider>
      </AppProviders>,
    );
    if (role === 'ADMIN') {
      expect(await screen.findByRole('heading', { level: 1, name: 'Media Update' })).toBeVisible();
    } else {
      expect(await screen.findByRole('alert')).toHaveTextContent(
        "Only an administrator updates the landing page's image.",
      );
      expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    }
  });
});
