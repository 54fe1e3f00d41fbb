import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { composeStories } from '@storybook/react-vite';
import { paths } from '../../../src/web/app/paths';
import { AppProviders } from '../../../src/web/app/providers';
import {
  LANDING_NAV,
  builtNavEntries,
  type LandingNavEntry,
} from '../../../src/web/features/home/landing-nav';
import { LandingNavBar } from '../../../src/web/features/home/landing-nav-bar';
import * as stories from '../../../stories/home/home-page.stories';

const { Landing } = composeStories(stories);

const withBuilt = (key: string): LandingNavEntry[] =>
  LANDING_NAV.map((e) => (e.key === key ? { ...e, built: true } : e)).filter((e) => e.built);

describe('the landing navigation table', () => {
  it('lists the spec entries; landlord and tenant are full-screen routes, the tracker and clearance dialogs', () => {
    expect(LANDING_NAV.map((e) => e.label)).toEqual([
      'Track Application',
      'Register / Login as Landlord',
      'Register / Login as Tenant',
      'Apply for Clearance',
      'Download Forms',
    ]);
    const byKey = Object.fromEntries(LANDING_NAV.map((e) => [e.key, e]));
    expect(byKey.landlordLogin.target).toEqual({ kind: 'route', path: '/landlord-login' });
    expect(paths.landlordLogin).toBe('/landlord-login');
    expect(byKey.tenantLogin.target).toEqual({ kind: 'route', path: '/tenant-login' });
    expect(byKey.trackApplication.target).toEqual({ kind: 'dialog', callback: 'onTrackApplication' });
    expect(byKey.applyClearance).toMatchObject({
      target: { kind: 'dialog', callback: 'onApplyClearance' },
      built: true,
    });
  });

  it('renders no unbuilt entry on the landing page, and every built one', () => {
    render(<Landing />);
    const nav = screen.getByRole('navigation', { name: 'Site' });
    for (const entry of LANDING_NAV) {
      if (entry.built) expect(within(nav).getByText(entry.label)).toBeInTheDocument();
      else expect(screen.queryByText(entry.label)).not.toBeInTheDocument();
    }
  });

  it('shows an entry once it is built: a route as a link, a dialog as a button that calls its callback', async () => {
    const onTrackApplication = vi.fn();
    render(
      <AppProviders>
        <MemoryRouter>
          <LandingNavBar callbacks={{ onTrackApplication }} entries={withBuilt('trackApplication')} />
        </MemoryRouter>
      </AppProviders>,
    );
    expect(screen.getAllByRole('link', { name: 'Register / Login as Landlord' })[0]).toHaveAttribute(
      'href',
      '/landlord-login',
    );
    await userEvent.click(screen.getAllByRole('button', { name: 'Track Application' })[0]);
    expect(onTrackApplication).toHaveBeenCalledOnce();
  });

  it('hides a built dialog entry whose callback the route did not supply (no dead entry)', () => {
    render(
      <AppProviders>
        <MemoryRouter>
          <LandingNavBar callbacks={{}} entries={withBuilt('trackApplication')} />
        </MemoryRouter>
      </AppProviders>,
    );
    expect(screen.queryByText('Track Application')).not.toBeInTheDocument();
    expect(builtNavEntries().every((e) => e.built)).toBe(true);
  });
});
