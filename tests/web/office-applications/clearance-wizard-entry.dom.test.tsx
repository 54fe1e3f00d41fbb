import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
import { STAFF_ROLES } from '../../../machines/application/lifecycle.events';
import { LIST_PAGES } from '../../../machines/application';
import { OFFICE_APPLICANT_ROLES } from '../../../src/contract/office-applications.contract';
import { paths } from '../../../src/web/app/paths';
import { AppProviders } from '../../../src/web/app/providers';
import { SCREENS, visibleMenu } from '../../../src/web/app/role-menu';
import { SCREEN_ROUTES } from '../../../src/web/app/screen-routes';
import { offersNewApplication } from '../../../src/web/features/applications/list-pages';
import {
  NOT_AN_APPLICANT,
  NewApplicationRoute,
  OfflineApplicationRoute,
} from '../../../src/web/app/routes/new-application-routes';
import { OFFICE_CHANNEL_NOTE } from '../../../src/web/features/office-applications/clearance-wizard-page';
import * as listStories from '../../../stories/applications/application-list-view.stories';
import { WithStaffSession } from '../../../stories/app/story-frame';

// Where the clearance wizard is entered from: the menu (New Application, Registration > Offline Application) and
// the Rectification page's New Application button for USER.

const { RectificationForUser, Loaded } = composeStories(listStories);

const menuPaths = (role: (typeof STAFF_ROLES)[number]) =>
  visibleMenu(role).flatMap((entry) =>
    entry.kind === 'link' ? [entry.path] : entry.links.map((link) => link.path),
  );

describe('entering the clearance wizard', () => {
  it('routes both screens and offers Offline Application to the four applicant roles only', () => {
    expect(SCREENS.newApplication.built && SCREENS.offlineApplication.built).toBe(true);
    expect('newApplication' in SCREEN_ROUTES && 'offlineApplication' in SCREEN_ROUTES).toBe(true);
    expect(paths.offlineApplication).toBe('/app/offlineapplication');
    for (const role of STAFF_ROLES) {
      const applicant = (OFFICE_APPLICANT_ROLES as readonly string[]).includes(role);
      expect(menuPaths(role).includes('offlineApplication'), role).toBe(applicant);
      // The spec's table gives New Application to VERIFIER, MODERATOR and SUPERMODERATOR; USER enters it from
      // the Rectification and Applications pages.
      expect(menuPaths(role).includes('newApplication'), role).toBe(applicant && role !== 'USER');
    }
  });

  it('offers New Application on the Rectification page to USER only', () => {
    for (const page of LIST_PAGES) {
      for (const role of STAFF_ROLES) {
        expect(offersNewApplication(page, role), `${page} ${role}`).toBe(
          page === 'rectification' && role === 'USER',
        );
      }
    }
  });

  it('links the button to /app/new-application, and shows none on other lists', () => {
    const { unmount } = render(<RectificationForUser />);
    expect(screen.getByRole('link', { name: 'New Application' })).toHaveAttribute(
      'href',
      '/app/new-application',
    );
    unmount();
    render(<Loaded />);
    expect(screen.queryByRole('link', { name: 'New Application' })).toBeNull();
  });
});

describe('the wizard routes', () => {
  const renderAs = (role: (typeof STAFF_ROLES)[number], Route: () => React.ReactNode) =>
    render(
      <AppProviders>
        <WithStaffSession role={role}>
          <Route />
        </WithStaffSession>
      </AppProviders>,
    );

  it('open the wizard for an applicant role, with the channel in the heading', async () => {
    const { unmount } = renderAs('USER', NewApplicationRoute);
    expect(await screen.findByRole('heading', { name: 'New Application' })).toBeInTheDocument();
    expect(screen.queryByText(OFFICE_CHANNEL_NOTE)).toBeNull();
    unmount();
    renderAs('VERIFIER', OfflineApplicationRoute);
    expect(await screen.findByRole('heading', { name: 'Offline Application' })).toBeInTheDocument();
    expect(screen.getByText(OFFICE_CHANNEL_NOTE)).toBeInTheDocument();
  });

  it('tell any other role that new applications are not theirs', async () => {
    for (const role of ['POLICE', 'LOCALITY', 'ADMIN', 'SUPERVISOR'] as const) {
      const { unmount } = renderAs(role, NewApplicationRoute);
      expect(await screen.findByRole('alert'), role).toHaveTextContent(NOT_AN_APPLICANT);
      expect(screen.queryByLabelText(/^Landlord Epic Number/)).toBeNull();
      unmount();
    }
  });
});
