import { afterEach, describe, expect, it, vi } from 'vitest';
import { notifications } from '@mantine/notifications';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { paths } from '../../../src/web/app/paths';
import { fn, userEvent } from 'storybook/test';
import { AppProviders } from '../../../src/web/app/providers';
import { ClearanceLogicContext, ClearanceTab } from '../../../src/web/features/clearance/clearance-tab';
import { LandlordLoginPage } from '../../../src/web/features/landlord/landlord-login-page';
import type { LandlordServices } from '../../../src/web/features/landlord/landlord-services';
import { fakeClearanceLogic, type ClearanceFakes } from '../../../stories/clearance/clearance-fakes';
import { apply } from '../../../stories/clearance/clearance-steps';
import { logInToDetails, startRegistration } from '../../../stories/landlord/landlord-story-frame';
import { fakeServices, fakeStepperLogic } from '../../../stories/landlord/landlord-fakes';

// The Clearance tab inside the real landlord page (fake calls): the page's key, no second OTP, the logout when
// that key ends, and the Applications tab reloading after an Apply.

afterEach(() => notifications.clean());

function renderPage(clearance: ClearanceFakes = {}, services: LandlordServices = fakeServices()) {
  render(
    <AppProviders>
      <ClearanceLogicContext value={fakeClearanceLogic(clearance)}>
        <MemoryRouter initialEntries={[paths.landlordLogin]}>
          <LandlordLoginPage
            logic={fakeStepperLogic()}
            services={services}
            logout={async () => {}}
            clearanceTab={(props) => <ClearanceTab {...props} />}
          />
        </MemoryRouter>
      </ClearanceLogicContext>
    </AppProviders>,
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });

describe('the landlord page Clearance tab', () => {
  it('is not shown while registering', async () => {
    renderPage();
    await startRegistration();
    await screen.findByText(/^Welcome! This will be a fresh registration/);
    expect(screen.queryByRole('tab', { name: 'Clearance' })).toBeNull();
  });

  it('uses the page key: the vacant units at once, no Landlord Epic and no OTP', async () => {
    const onCall = fn();
    renderPage({ onCall });
    await logInToDetails();
    expect(tab('Clearance')).toBeEnabled();
    await userEvent.click(tab('Clearance'));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Rental Unit' })).toBeEnabled());
    expect(screen.queryByLabelText('Landlord Epic')).toBeNull();
    expect(onCall).toHaveBeenCalledWith('loadVacantUnits', {
      key: expect.objectContaining({ apiKey: expect.any(String) }),
    });
  });

  it('logs the page out when the key ends on the tab', async () => {
    renderPage({ units: 'keyEnded' });
    await logInToDetails();
    await userEvent.click(tab('Clearance'));
    expect(await screen.findByRole('tab', { name: 'Register' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Clearance' })).toBeNull();
  });

  it('lists the applications again when the Applications tab is shown after an Apply', async () => {
    const services = fakeServices();
    const applications = vi.fn(services.applications);
    renderPage({}, { ...services, applications });
    await logInToDetails();
    await userEvent.click(tab('Applications'));
    await waitFor(() => expect(applications).toHaveBeenCalledTimes(1));
    await userEvent.click(tab('Clearance'));
    await apply(true);
    await screen.findByText('Application applied successfully! You can download the application below.');
    await userEvent.click(tab('Applications'));
    await waitFor(() => expect(applications).toHaveBeenCalledTimes(2));
  });
});
