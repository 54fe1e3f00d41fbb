import { lazy } from 'react';
import { LandlordLoginPage } from '../../features/landlord/landlord-login-page';

// /landlord-login: the landlord wizard with the clearance feature's tab, fetched when the tab is first shown
// (docs/clearance.md). Composed here because a feature never imports another.
const ClearanceTab = lazy(async () => ({
  default: (await import('../../features/clearance/clearance-tab')).ClearanceTab,
}));

export function LandlordRoute() {
  return <LandlordLoginPage clearanceTab={(props) => <ClearanceTab {...props} />} />;
}
