import { createContext, useContext, type ReactNode } from 'react';
import type { CitizenKey } from '../../../../machines/access/otp-access.machine';

// The landlord page's Clearance tab is the clearance feature's view (docs/clearance.md). A feature never imports
// another (docs/architecture.md), so the page that composes the two (app/routes/landlord-route.tsx) hands the tab
// in here, and the landlord page renders whatever it was given.

export interface ClearanceTabSlotProps {
  /** The landlord page's key: the clearance starts at the unit choice, with no second OTP. */
  landlordKey: CitizenKey;
  /** The key ended (a 401) while the tab used it: the page logs out. */
  onKeyEnded: () => void;
}

/** Renders the tab (a function, not a component type, so the page never creates a component while rendering). */
export type ClearanceTabView = (props: ClearanceTabSlotProps) => ReactNode;

const ClearanceTabSlot = createContext<ClearanceTabView | null>(null);

export const ClearanceTabProvider = ClearanceTabSlot.Provider;

/** The Clearance tab the composing page gave (LandlordLoginPage requires one). */
export function useClearanceTab(): ClearanceTabView {
  const tab = useContext(ClearanceTabSlot);
  if (!tab) throw new Error('LandlordPage needs a Clearance tab (LandlordLoginPage clearanceTab).');
  return tab;
}
