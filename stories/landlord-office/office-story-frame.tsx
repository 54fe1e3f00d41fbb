import { useState } from 'react';
import { expect, screen, userEvent } from 'storybook/test';
import { ModalsLayer } from '../../src/web/app/modals-layer';
import { LandlordOfficePage } from '../../src/web/features/landlord/office/landlord-office-page';
import { OfficeServicesContext } from '../../src/web/features/landlord/office/office-services';
import { RentalUnitsOfficePage } from '../../src/web/features/landlord/office/rental-units-office-page';
import { UnitConsentStep } from '../../src/web/features/landlord/office/unit-consent-step';
import { fakeOfficeServices, type FakeOfficeOptions } from './office-fakes';

export interface OfficeStoryProps {
  /** MODERATOR or SUPERMODERATOR (true) or VERIFIER and USER (false). */
  vacancyUpdates?: boolean;
  services?: FakeOfficeOptions;
}

/** The real screen with the real lookup machine and wiring, over the fake calls the story names. */
export function LandlordOfficeWithFakes({ vacancyUpdates = true, services = {} }: OfficeStoryProps) {
  const [calls] = useState(() => fakeOfficeServices(services));
  return (
    <ModalsLayer>
      <OfficeServicesContext.Provider value={calls}>
        <LandlordOfficePage vacancyUpdates={vacancyUpdates} />
      </OfficeServicesContext.Provider>
    </ModalsLayer>
  );
}

export function RentalUnitsOfficeWithFakes({ vacancyUpdates = true, services = {} }: OfficeStoryProps) {
  const [calls] = useState(() => fakeOfficeServices(services));
  return (
    <ModalsLayer>
      <OfficeServicesContext.Provider value={calls}>
        <RentalUnitsOfficePage vacancyUpdates={vacancyUpdates} />
      </OfficeServicesContext.Provider>
    </ModalsLayer>
  );
}

export const epicField = () => screen.findByLabelText(/^Landlord Epic Number/);

/** Types the EPIC and presses Enter. */
export async function findLandlord(epic: string) {
  const field = await epicField();
  await userEvent.type(field, `${epic}{Enter}`);
}

/** Found by EPIC and on the Rental Units tab. */
export async function openFoundUnits(epic: string) {
  await findLandlord(epic);
  await userEvent.click(await screen.findByRole('tab', { name: 'Rental Units' }));
  const table = await screen.findByRole('table', { name: 'Rental Units' });
  await expect(table).toBeVisible();
  return table;
}

export interface UnitConsentStoryProps {
  services?: FakeOfficeOptions;
  /** Where the code went, as the create reply says it; null: not known (the list's Confirm landlord). */
  sentTo?: string | null;
  onConfirmed?: () => void;
}

/** The landlord's consent step for a unit the official added (docs/reach.md), over the fake calls. */
export function UnitConsentWithFakes({ services = {}, sentTo = null, onConfirmed }: UnitConsentStoryProps) {
  const [calls] = useState(() => fakeOfficeServices(services));
  const [confirmed, setConfirmed] = useState(false);
  return (
    <OfficeServicesContext.Provider value={calls}>
      {confirmed ? (
        <p role="status">Confirmed</p>
      ) : (
        <UnitConsentStep
          rentcode="RU000000003"
          sentTo={sentTo}
          onConfirmed={() => {
            setConfirmed(true);
            onConfirmed?.();
          }}
        />
      )}
    </OfficeServicesContext.Provider>
  );
}
