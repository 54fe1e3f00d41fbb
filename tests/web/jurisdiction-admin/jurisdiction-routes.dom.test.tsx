import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { Role } from '../../../src/contract/roles';
import { AppProviders } from '../../../src/web/app/providers';
import {
  LocalitiesRoute,
  PoliceStationsRoute,
  RegisteredLocalitiesRoute,
  RegisteredSubLocalitiesRoute,
  SubLocalitiesRoute,
} from '../../../src/web/app/routes/jurisdiction-routes';
import { clearSession, saveSession } from '../../../src/web/lib/session-store';
import { WithJurisdictionFakes } from '../../../stories/jurisdiction-admin/jurisdiction-admin-fakes';

// Which role opens which jurisdiction screen (docs/jurisdiction-admin.md "Screens"); the others read why not.

const OPENS: [string, () => React.JSX.Element, Role[], string][] = [
  ['policestations', PoliceStationsRoute, ['ADMIN', 'SUPERVISOR'], 'Police Stations'],
  ['localities', LocalitiesRoute, ['ADMIN', 'VERIFIER'], 'Localities'],
  ['local-authorities', SubLocalitiesRoute, ['ADMIN', 'VERIFIER', 'SUPERMODERATOR'], 'Sub-Localities/Wards'],
  [
    'registered-localities',
    RegisteredLocalitiesRoute,
    ['ADMIN', 'SUPERVISOR', 'VERIFIER', 'POLICE'],
    'Registered Localities',
  ],
  [
    'registered-local-authorities',
    RegisteredSubLocalitiesRoute,
    ['ADMIN', 'SUPERVISOR', 'VERIFIER', 'POLICE', 'SUPERMODERATOR', 'LOCALITY'],
    'Registered Sub-Localities/Wards',
  ],
];
const ALL: Role[] = [
  'ADMIN',
  'VERIFIER',
  'MODERATOR',
  'SUPERMODERATOR',
  'SUPERVISOR',
  'USER',
  'POLICE',
  'LOCALITY',
];

afterEach(() => {
  cleanup();
  clearSession();
});

describe.each(OPENS)('/app/%s', (_path, Route, allowed, heading) => {
  it.each(ALL)('as %s', async (role) => {
    saveSession({ accessToken: 't', roles: role, username: 'someone', usercode: '1701', userlevel: 2 });
    render(
      <AppProviders>
        <WithJurisdictionFakes>
          <Route />
        </WithJurisdictionFakes>
      </AppProviders>,
    );
    if (allowed.includes(role)) {
      const title = await screen.findByRole('heading', { level: 1 });
      expect(title.textContent).toMatch(
        heading === 'Police Stations' ? /Police Station/ : new RegExp(`^${heading}$`),
      );
    } else {
      expect(await screen.findByRole('alert')).toHaveTextContent(/Not available/);
      expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    }
  });
});
