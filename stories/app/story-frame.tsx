import { useEffect, useState, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import type { Decorator } from '@storybook/react-vite';
import type { Role } from '../../src/contract/roles';
import { clearSession, saveSession } from '../../src/web/lib/session-store';

// The theme and snackbars come from .storybook/preview.tsx (AppProviders) for every story.

/** A router positioned at `path`, for views that link or read the location. */
export const withRouterAt =
  (path: string): Decorator =>
  (Story) => (
    <MemoryRouter initialEntries={[path]}>
      <Story />
    </MemoryRouter>
  );

export const DEMO_USERNAMES: Record<Role, string> = {
  ADMIN: 'admin',
  SUPERVISOR: 'supervisor',
  VERIFIER: 'verifier',
  USER: 'user',
  POLICE: 'police',
  LOCALITY: 'locality',
  SUPERMODERATOR: 'supermoderator',
  MODERATOR: 'moderator',
};

/**
 * Signs a demo official into this tab's session storage before the children first render, and signs out on
 * unmount, so a story (and the test that reuses it) starts from a known session.
 */
export function WithStaffSession({ role, children }: { role: Role; children: ReactNode }) {
  useState(() =>
    saveSession({
      accessToken: `story-token-${role.toLowerCase()}`,
      roles: role,
      username: DEMO_USERNAMES[role],
      usercode: '1701',
      userlevel: 2,
    }),
  );
  useEffect(() => () => clearSession(), []);
  return children;
}
